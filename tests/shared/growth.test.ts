import { describe, expect, it } from 'vitest';
import { crashInstant, msToRate, rateAt, rateHundredths, shownRate } from '../../src/shared/growth';

describe('growth curve', () => {
  it('starts at 1 and doubles at 11.55 s, reaches 10 at 38.4 s', () => {
    expect(rateAt(0)).toBe(1);
    expect(rateAt(11_552)).toBeCloseTo(2, 3);
    expect(rateAt(38_376)).toBeCloseTo(10, 2);
  });

  it('never goes below 1 for negative elapsed time', () => {
    expect(rateAt(-500)).toBe(1);
  });

  it('inverts: msToRate(rateAt(t)) = t', () => {
    for (const t of [0, 1, 1234, 60_000, 250_000]) expect(msToRate(rateAt(t))).toBeCloseTo(t, 6);
  });

  it('puts the crash instant at ln(fullRate) / k after the start', () => {
    expect(crashInstant(1_000_000, 1)).toBe(1_000_000);
    expect(crashInstant(1_000_000, 2)).toBeCloseTo(1_000_000 + Math.log(2) / 0.00006, 6);
  });

  it('truncates shown rates to 2 decimals without losing exact quotients', () => {
    expect(shownRate(2.359)).toBe(2.35);
    expect(shownRate(1.13)).toBe(1.13);
    expect(shownRate(0.95e9 / 840_707_965)).toBe(1.12);
    expect(rateHundredths(10)).toBe(1000);
    expect(shownRate(1.0099999)).toBe(1);
  });
});
