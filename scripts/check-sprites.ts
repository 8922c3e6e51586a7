/** `npm run sprites:check`: fails with a list when a frame the stage or a tile the pixel kit needs is missing or has the wrong size. */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { BUNDLES, frameFiles, type FrameSpec } from '../src/client/stage/frames';
import { UI_FOLDER, UI_TILES } from '../src/client/pixel/tiles';

/** Every PNG the page needs with its size: the stage's frames, then the pixel kit's tiles. */
function expectedFiles(root: string): { path: string; width: number; height: number }[] {
  const frames = (Object.entries(BUNDLES) as [string, FrameSpec[]][]).flatMap(([bundle, specs]) =>
    specs.flatMap((spec) =>
      frameFiles(spec).map((file) => ({ path: join(root, bundle, file), width: spec.width, height: spec.height })),
    ),
  );
  const tiles = UI_TILES.map((spec) => ({
    path: join(root, UI_FOLDER, `${spec.name}.png`),
    width: spec.width,
    height: spec.height,
  }));
  return [...frames, ...tiles];
}

/** Every problem with the frames in `root` (sprites/ by default), as lines a person can act on. */
export async function spriteProblems(root = 'sprites'): Promise<string[]> {
  const problems: string[] = [];
  for (const spec of expectedFiles(root)) {
    const { path } = spec;
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
