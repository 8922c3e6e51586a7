import { describe, expect, it } from 'vitest';
import {
  crashPointFromRandom,
  newRoundSecret,
  newSalt,
  randomInteger,
  roundHash,
  sha256hex,
  verifyRound,
} from '../../src/shared/fairness';
import { shownRate } from '../../src/shared/growth';

describe('crash point', () => {
  it('is 0.95e9 / r, never below 1', () => {
    expect(crashPointFromRandom(1)).toBe(950_000_000);
    expect(crashPointFromRandom(475_000_000)).toBe(2);
    expect(crashPointFromRandom(950_000_000)).toBe(1);
    expect(crashPointFromRandom(1_000_000_000)).toBe(1);
  });

  it('refuses integers outside [1, 1e9]', () => {
    expect(() => crashPointFromRandom(0)).toThrow(RangeError);
    expect(() => crashPointFromRandom(1_000_000_001)).toThrow(RangeError);
    expect(() => crashPointFromRandom(1.5)).toThrow(RangeError);
  });

  it('has the advertised distribution over 1,000,000 draws', () => {
    const draws = 1_000_000;
    let atOne = 0;
    let atLeast2 = 0;
    let atLeast10 = 0;
    let returned = 0;
    for (let i = 0; i < draws; i++) {
      const shown = shownRate(crashPointFromRandom(randomInteger()));
      if (shown === 1) atOne++;
      if (shown >= 2) {
        atLeast2++;
        returned += 2;
      }
      if (shown >= 10) atLeast10++;
    }
    expect(Math.abs(atOne / draws - 0.0594)).toBeLessThan(0.002);
    expect(Math.abs(atLeast2 / draws - 0.475)).toBeLessThan(0.005);
    expect(Math.abs(atLeast10 / draws - 0.095)).toBeLessThan(0.002);
    expect(Math.abs(returned / draws - 0.95)).toBeLessThan(0.01);
  });

  it('draws integers within [1, 1e9]', () => {
    for (let i = 0; i < 10_000; i++) {
      const r = randomInteger();
      expect(Number.isInteger(r) && r >= 1 && r <= 1e9).toBe(true);
    }
  });
});

describe('hash', () => {
  it('matches sha256sum for a known vector', async () => {
    // printf '%s' '2.3456789012345678a3f1c2d4e5b6978812345678abcdef00112233445566778899aabbccddeeff0011' | sha256sum
    expect(await sha256hex('2.3456789012345678a3f1c2d4e5b6978812345678abcdef00112233445566778899aabbccddeeff0011')).toBe(
      '14d5ff21a083123090c22941b4ac283e1cb48674f8cfece10933c29920ed58e7',
    );
  });

  it('hashes String(fullRate) + salt', async () => {
    // printf '%s' '2.345679012345679deadbeef' | sha256sum
    const fullRate = crashPointFromRandom(405_000_000);
    expect(await roundHash(fullRate, 'deadbeef')).toBe('c834c8b562dfee10a6874d286cba2c02fa6d41616f3370358d24f516da42fafc');
  });

  it('makes 32-byte hex salts that differ', () => {
    const a = newSalt();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSalt()).not.toBe(a);
  });

  it('verifies a new round and rejects a tampered one', async () => {
    const secret = await newRoundSecret();
    expect(await verifyRound(secret)).toBe(true);
    expect(await verifyRound({ ...secret, fullRate: secret.fullRate + 0.01 })).toBe(false);
    expect(await verifyRound({ ...secret, salt: newSalt() })).toBe(false);
  });
});
