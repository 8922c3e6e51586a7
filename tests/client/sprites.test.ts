import { cpSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { spriteProblems } from '../../scripts/check-sprites';

const copy = mkdtempSync(join(tmpdir(), 'moonrush-sprites-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('sprites:check', () => {
  it('accepts the committed sprites', async () => {
    expect(await spriteProblems('sprites')).toEqual([]);
  });

  it('lists a missing frame and a frame of the wrong size', async () => {
    cpSync('sprites', copy, { recursive: true });
    unlinkSync(join(copy, 'rocket', 'flame-2.png'));
    await sharp({ create: { width: 10, height: 10, channels: 4, background: '#000000' } }).png().toFile(join(copy, 'space', 'star.png'));
    const problems = await spriteProblems(copy);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/wrong size .*star\.png: 10x10, expected 8x8/);
    expect(problems[1]).toMatch(/missing .*flame-2\.png \(32x16\)/);
  });
});
