/** `npm run sprites:check`: fails with a list when a frame the stage needs is missing or has the wrong size. */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { BUNDLES, frameFiles, type FrameSpec } from '../src/client/stage/frames';

/** Every problem with the frames in `root` (sprites/ by default), as lines a person can act on. */
export async function spriteProblems(root = 'sprites'): Promise<string[]> {
  const problems: string[] = [];
  for (const [bundle, specs] of Object.entries(BUNDLES) as [string, FrameSpec[]][]) {
    for (const spec of specs) {
      for (const file of frameFiles(spec)) {
        const path = join(root, bundle, file);
        if (!existsSync(path)) {
          problems.push(`missing  ${path} (${spec.width}x${spec.height})`);
          continue;
        }
        const meta = await sharp(path)
          .metadata()
          .catch(() => null);
        if (!meta) {
          problems.push(`unreadable ${path}: not an image`);
          continue;
        }
        const { width, height, format } = meta;
        if (format !== 'png') problems.push(`not PNG  ${path} (${format})`);
        else if (width !== spec.width || height !== spec.height) {
          problems.push(`wrong size ${path}: ${width}x${height}, expected ${spec.width}x${spec.height}`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1]?.endsWith('check-sprites.ts')) {
  const problems = await spriteProblems(process.argv[2]);
  if (problems.length > 0) {
    console.error(
      `sprites: ${problems.length} frame(s) need attention (see sprites/README.md):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log('sprites: every frame is present at its size.');
}
