/**
 * `npm run sounds:make`: renders the game's audio sprite in code (no samples) and encodes it to
 * assets/sounds/sfx.webm (Vorbis) and sfx.mp3 with ffmpeg (`apt-get install ffmpeg`). The output is
 * committed, so only someone changing the sounds needs ffmpeg. Same input, same bytes: the render
 * is seeded and ffmpeg runs bit-exact.
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOUND_FILES } from '../../src/client/audio/soundSprite';
import { renderSprite } from './sprite';
import { wav } from './synth';

/** Encoder settings per output: mono, small (tens of KB), stable across runs. */
const ENCODINGS: Record<string, string[]> = {
  webm: ['-c:a', 'libvorbis', '-q:a', '0'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '56k', '-ar', '44100'],
};

const scratch = mkdtempSync(join(tmpdir(), 'moonrush-sounds-'));
try {
  const source = join(scratch, 'sfx.wav');
  writeFileSync(source, wav(renderSprite()));
  mkdirSync(join('assets', 'sounds'), { recursive: true });
  for (const file of SOUND_FILES) {
    const target = join('assets', file);
    const codec = ENCODINGS[file.split('.').pop() ?? ''];
    if (!codec) throw new Error(`No encoder settings for ${file}`);
    const args = ['-hide_banner', '-loglevel', 'error', '-y', '-i', source, '-ac', '1', ...codec];
    args.push('-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', target);
    const run = spawnSync('ffmpeg', args, { stdio: 'inherit' });
    if (run.error)
      throw new Error(`ffmpeg is needed to encode the sounds (apt-get install ffmpeg): ${run.error.message}`);
    if (run.status !== 0) throw new Error(`ffmpeg failed on ${target}`);
    console.log(`${target}: ${(statSync(target).size / 1024).toFixed(1)} KiB`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
