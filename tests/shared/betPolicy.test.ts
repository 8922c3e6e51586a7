import { describe, expect, it } from 'vitest';
import {
  MIN_STAKE,
  MIN_TARGET,
  cashoutTarget,
  houseTarget,
  largestBet,
  largestCoveredBet,
  payout,
  boundMessage,
  stakeBound,
  stakeRefusal,
  winAmount,
} from '../../src/shared/betPolicy';

describe('winAmount', () => {
  it('is floor(amount * rate) with the rate truncated to 2 decimals', () => {
    expect(winAmount(20000, 2)).toBe(40000);
    expect(winAmount(333, 1.509)).toBe(499); // 333 * 1.50 = 499.5
    expect(winAmount(1000, 1.13)).toBe(1130);
    expect(winAmount(100_000_000_00, 1_000_000)).toBe(1e16);
  });
});

describe('the bet policy', () => {
  it('pays a stake at a rate in hundredths, rounded down', () => {
    expect(payout(333, 150)).toBe(499);
    expect(payout(1, 199)).toBe(1);
  });

  it('takes the smaller of MAX_BET and the stake a x1.01 cash-out keeps within MAX_WIN', () => {
    expect(largestBet(10_000_000, 1_000_000_000)).toBe(10_000_000);
    expect(largestBet(10_000_000, 10_000)).toBe(9900);
  });

  it('lowers a target to where the payout reaches MAX_WIN, and gives a bet by hand that target', () => {
    expect(cashoutTarget(10_000, 300, 1_000_000)).toBe(300);
    expect(cashoutTarget(10_000, null, 1_000_000)).toBe(10_000);
    expect(payout(10_000, cashoutTarget(10_001, null, 1_000_000))).toBeLessThanOrEqual(1_000_000);
  });

  it('puts the per-bet cap at the highest target whose profit fits, and covers stakes down to x1.01', () => {
    // 100 coins of stake, 50 coins of profit at most: x1.50.
    expect(houseTarget(10_000, 5_000)).toBe(150);
    expect(houseTarget(10_001, 5_000)).toBe(149);
    const largest = largestCoveredBet(5_000);
    expect(houseTarget(largest, 5_000)).toBe(MIN_TARGET);
    expect(houseTarget(largest + 1, 5_000)).toBeLessThan(MIN_TARGET);
  });

  it('refuses stakes below the minimum and with parts of a hundredth', () => {
    expect(stakeRefusal(MIN_STAKE)).toBeNull();
    expect(stakeRefusal(MIN_STAKE - 1)).toBe('The smallest bet is 10 coins');
    expect(stakeRefusal(1000.5)).toMatch(/whole number of hundredths/);
  });

  it('names the smallest limit a stake passes: the table or the house, never the larger of the two', () => {
    const table = 10_000_000;
    // The house covers 7.500.000 coins: the table (100.000) binds first.
    expect(stakeBound(9_999_999_900, table, 7_500_000)).toEqual({ code: 'largestBet', largest: table });
    expect(boundMessage(stakeBound(15_000_000, table, 7_500_000)!)).toBe('The largest bet is 100.000 coins');
    // The house covers 500 coins: it binds first, at 100.000 too.
    expect(stakeBound(15_000_000, table, 500_00)).toEqual({ code: 'houseCover', largest: 50_000_00 });
    expect(boundMessage(stakeBound(60_000_00, table, 500_00)!)).toBe(
      'The house can cover a bet of at most 50.000 coins right now',
    );
    expect(stakeBound(table, table, null)).toBeNull();
    expect(stakeBound(largestCoveredBet(500_00), table, 500_00)).toBeNull();
  });
});
