/** Places every sound in one buffer at the offsets of src/client/audio/soundSprite.ts. */

import {
  LOOP_MARGIN_MS,
  spriteLayout,
  spriteLength,
  type SoundName,
  type SpritePart,
} from '../../src/client/audio/soundSprite';
import { samples } from './synth';
import { voices } from './voices';

export function renderSprite(): Float32Array {
  const out = new Float32Array(samples(spriteLength()));
  const sounds = voices();
  for (const [name, part] of Object.entries(spriteLayout()) as [SoundName, SpritePart][]) {
    const sound = sounds[name];
    const from = samples(part.renderStart);
    // A looped sound repeats its period through both margins around the loop.
    const count = part.loop ? samples(part.length + 2 * LOOP_MARGIN_MS) : sound.length;
    const shift = part.loop ? sound.length - (samples(LOOP_MARGIN_MS) % sound.length) : 0;
    for (let index = 0; index < count; index += 1) out[from + index] = sound[(index + shift) % sound.length] ?? 0;
  }
  return out;
}
