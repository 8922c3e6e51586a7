import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Texture } from 'pixi.js';
import { spriteProblems } from '../../scripts/check-sprites';
import { BUNDLES, frameFiles } from '../../src/client/stage/frames';
import { stageTextures } from '../../src/client/stage/textures';

const copy = mkdtempSync(join(tmpdir(), 'moonrush-sprites-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('sprites:check', () => {
  it('accepts the committed sprites', async () => {
    expect(await spriteProblems('sprites')).toEqual([]);
  });

  it('lists a missing frame and a frame of the wrong size', async () => {
    cpSync('sprites', copy, { recursive: true });
    unlinkSync(join(copy, 'rocket', 'flame-2.png'));
    await sharp({ create: { width: 10, height: 10, channels: 4, background: '#000000' } })
      .png()
      .toFile(join(copy, 'space', 'star.png'));
    writeFileSync(join(copy, 'rocket', 'blast-1.png'), 'not a png');
    unlinkSync(join(copy, 'ui', 'chip-green-solid.png'));
    const problems = await spriteProblems(copy);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/wrong size .*star\.png: 10x10, expected 8x8/);
    expect(problems[1]).toMatch(/missing .*flame-2\.png \(32x16\)/);
    expect(problems[2]).toMatch(/unreadable .*blast-1\.png: not an image/);
    expect(problems[3]).toMatch(/missing .*ui\/chip-green-solid\.png \(16x16\)/);
  });
});

describe('the frame list', () => {
  it('is the one source of the stage textures: a longer animation in frames.ts is played in full', () => {
    const flame = BUNDLES.rocket.find((spec) => spec.name === 'flame')!;
    const asked: string[] = [];
    const lookup = (name: string) => (asked.push(name), {} as Texture);
    const before = flame.frames;
    flame.frames = 6;
    try {
      expect(stageTextures(lookup).flame).toHaveLength(6);
    } finally {
      flame.frames = before;
    }
    asked.length = 0;
    stageTextures(lookup);
    expect(new Set(asked)).toEqual(new Set(Object.values(BUNDLES).flat().flatMap(frameFiles)));
  });
});
