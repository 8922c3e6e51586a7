import { describe, expect, it } from 'vitest';
import { crashPointFromRandom } from '../../src/shared/fairness';
import { RANDOM_MAX, RTP } from '../../src/shared/constants';
import { seededRandom } from '../../src/client/stage/random';
import { realizedReturn, type Played } from '../../scripts/auditRtp';

/** `count` bets of 1,000 hundredths cashing out at x`target` on crash points drawn by the game's formula, with `edge` taken off the wins. */
function play(count: number, target: number, seed: number, edge = 0): Played[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const crash = crashPointFromRandom(1 + Math.floor(random() * RANDOM_MAX));
    return { amount: 1000, win: crash > target ? Math.floor(1000 * target * (1 - edge)) : 0 };
  });
}

describe('npm run audit:rtp', () => {
  it("measures the game's own return within 3 standard errors, with the standard error of the binomial", () => {
    const bets = play(40_000, 2, 7);
    const { rtp, standardError } = realizedReturn(bets);
    const p = RTP / 2;
    expect(standardError).toBeCloseTo((2 * Math.sqrt(p * (1 - p))) / Math.sqrt(bets.length), 3);
    expect(Math.abs(rtp - RTP)).toBeLessThan(3 * standardError);
  });

  it('finds a return 1.7 points below the advertised one over 180,000 bets', () => {
    const { rtp, standardError } = realizedReturn(play(180_000, 1.5, 11, 0.017 / RTP));
    expect(rtp).toBeLessThan(RTP - 0.01);
    expect((RTP - rtp) / standardError).toBeGreaterThan(3);
  });
});
