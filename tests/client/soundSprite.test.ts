import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSprite } from '../../scripts/sounds/sprite';
import { samples } from '../../scripts/sounds/synth';
import { LOOP_MARGIN_MS, SOUND_FILES, spriteLayout, spriteLength } from '../../src/client/audio/soundSprite';

const sprite = renderSprite();
const layout = spriteLayout();

describe('the audio sprite', () => {
  it('renders the same samples on every run', () => {
    expect(Buffer.from(renderSprite().buffer).equals(Buffer.from(sprite.buffer))).toBe(true);
    expect(sprite.length).toBe(samples(spriteLength()));
  });

  it('holds every sound in its place, within full scale, with silence between', () => {
    let silentFrom = 0;
    for (const part of Object.values(layout)) {
      const from = samples(part.renderStart);
      const to = samples(part.start + part.length + (part.loop ? LOOP_MARGIN_MS : 0));
      expect(sprite.slice(silentFrom, from).every((value) => value === 0)).toBe(true);
      const sound = sprite.slice(from, to);
      const peak = sound.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
      expect(peak).toBeGreaterThan(0.2);
      expect(peak).toBeLessThanOrEqual(1);
      silentFrom = to;
    }
    expect(sprite.slice(silentFrom).every((value) => value === 0)).toBe(true);
  });

  it('loops the engine without a seam, even if an encoder shifts it by up to the margin', () => {
    const { start, length } = layout.engine;
    const loopStart = samples(start);
    const period = samples(length);
    const margin = samples(LOOP_MARGIN_MS);
    // Any window of one period inside the rendered engine wraps onto its own continuation.
    for (let shift = -margin; shift < margin; shift += 97) {
      const at = loopStart + shift;
      expect(sprite[at + period]).toBeCloseTo(sprite[at]!, 6);
    }
    // And the sample after the loop's end continues smoothly from the last one (no jump at the seam).
    const jump = Math.abs(sprite[loopStart]! - sprite[loopStart + period - 1]!);
    const typical = Math.abs(sprite[loopStart + 1]! - sprite[loopStart]!) + 0.05;
    expect(jump).toBeLessThan(typical * 4);
  });

  it('is committed in both encodings, each small', () => {
    for (const file of SOUND_FILES) expect(statSync(`assets/${file}`).size).toBeLessThan(80 * 1024);
  });
});
