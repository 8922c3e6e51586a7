/**
 * The house's caps (docs/architecture.md "House limits") against 100,000 rounds drawn from the real crash-point rule,
 * with adversarial bettors (all in, targets from x1.01 to x10,000) beside ordinary ones. The
 * per-bet rule is place_bet's (src/server/betting/place_bet.sql), the round cap limitRate's.
 */

import { describe, expect, it } from 'vitest';
import { RANDOM_MAX } from '../../src/shared/constants';
import { crashPointFromRandom } from '../../src/shared/fairness';
import { capsOf, limitRate, type StakedBet } from '../../src/server/risk/caps';
import { loadConfig } from '../../src/server/config';
import { largestBet } from '../../src/shared/betPolicy';

const ROUNDS = 100_000;
const ORDINARY_PER_ROUND = 4;
const ADVERSARIES_PER_ROUND = 12;
const ORDINARY_TARGETS = [110, 150, 200, 300];
const { maxBet, maxWin: MAX_WIN, risk } = loadConfig({});
const LARGEST_BET = largestBet(maxBet, MAX_WIN);

/** mulberry32: a seeded generator, so the run is the same every time. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** place_bet's target under the per-bet cap: lowered to fit, or null (refused) when even x1.01 does not. */
function cappedTarget(amount: number, target: number, maxBetProfit: number): number | null {
  const cashoutAt = Math.min(target, Math.floor((MAX_WIN * 100) / amount));
  if (amount * (cashoutAt - 100) <= maxBetProfit * 100) return cashoutAt;
  const lowered = 100 + Math.floor((maxBetProfit * 100) / amount);
  return lowered >= 101 ? lowered : null;
}

describe('the house caps over 100,000 rounds', () => {
  it('keep the bankroll above zero against all-in bettors while ordinary bettors get 95.0 % +- 0.5 back', () => {
    const random = generator(26);
    // 10 million coins: 100 of the largest bets. The operator takes every gain out, so the bankroll
    // never grows past it and the caps keep biting.
    const start = 10_000_000_00;
    let bankroll = start;
    let lowest = bankroll;
    let ordinaryStaked = 0;
    let ordinaryPaid = 0;
    let roundsLimited = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const caps = capsOf(BigInt(bankroll), risk);
      const fullRate = crashPointFromRandom(1 + Math.floor(random() * RANDOM_MAX));
      const bets: (StakedBet & { ordinary: boolean })[] = [];
      for (let i = 0; i < ORDINARY_PER_ROUND; i++) {
        const target = ORDINARY_TARGETS[Math.floor(random() * ORDINARY_TARGETS.length)]!;
        bets.push({ amount: 100_00, cashoutAt: cappedTarget(100_00, target, caps.maxBetProfit)!, ordinary: true });
      }
      for (let i = 0; i < ADVERSARIES_PER_ROUND; i++) {
        // All in with up to the largest bet, at x1.01 to x10,000 (log-uniform).
        const target = Math.floor(101 * Math.pow(1_000_000 / 101, random()));
        let amount = Math.max(10_00, Math.floor(random() * LARGEST_BET));
        let cashoutAt = cappedTarget(amount, target, caps.maxBetProfit);
        // Refused: the largest bet allowed now, at x1.01.
        if (cashoutAt === null) [amount, cashoutAt] = [Math.min(LARGEST_BET, caps.maxBetProfit * 100), 101];
        if (amount * (cashoutAt - 100) > caps.maxBetProfit * 100) throw new Error('a bet over the per-bet cap');
        bets.push({ amount, cashoutAt, ordinary: false });
      }
      const limit = limitRate(bets, caps.maxRoundProfit);
      if (limit !== null && limit / 100 < fullRate) roundsLimited++;
      let profit = 0;
      for (const bet of bets) {
        const cashoutAt = limit === null ? bet.cashoutAt : Math.min(bet.cashoutAt, limit);
        const win = cashoutAt / 100 < fullRate ? Math.floor((bet.amount * cashoutAt) / 100) : 0;
        profit += win - bet.amount;
        if (bet.ordinary) [ordinaryStaked, ordinaryPaid] = [ordinaryStaked + bet.amount, ordinaryPaid + win];
      }
      if (profit > caps.maxRoundProfit) throw new Error(`round ${round} paid ${profit} over its cap`);
      bankroll = Math.min(start, bankroll - profit);
      lowest = Math.min(lowest, bankroll);
    }
    expect(lowest).toBeGreaterThan(0);
    expect(roundsLimited).toBeGreaterThan(ROUNDS / 10);
    const rtp = (ordinaryPaid / ordinaryStaked) * 100;
    expect(Math.abs(rtp - 95)).toBeLessThanOrEqual(0.5);
  });
});
