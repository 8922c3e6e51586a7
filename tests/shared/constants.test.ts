import { describe, expect, it } from 'vitest';
import * as c from '../../src/shared/constants';
import { depositMax, depositProblem, withdrawalMinimum } from '../../src/shared/paymentRules';
import { LIMIT_KINDS, LIMIT_NAMES, LIMIT_PERIODS, limitName, limitOf } from '../../src/shared/wire/limitNames';

describe('constants', () => {
  it('keeps the spec figures', () => {
    expect(c.BET_DEFAULT_AMOUNT).toBe(200);
    expect([c.BET_STEP, c.BET_MIN]).toEqual([10, 10]);
    expect(c.BET_QUICK_ADDS).toEqual([50, 100, 200, 500]);
    expect(c.HISTORY_LENGTH).toBe(11);
    expect([c.HEARTBEAT_MS, c.RECONNECT_DELAY_MS, c.MAX_CHUNK_BYTES]).toEqual([10_000, 5000, 8192]);
    expect(c.STORAGE_KEYS.accessToken).toBe('access_token');
  });

  it('makes the withdrawal minimum 200 coins at the default rate, for the page and the server alike', () => {
    expect(withdrawalMinimum(c.DEFAULT_COINS_PER_SOL)).toBe(20_000n);
    expect(withdrawalMinimum(1_000)).toBe(2_000n);
  });

  it('bounds a deposit at 0.01 and 1000 SOL with two decimals, exactly in lamports', () => {
    expect(depositProblem(10_000_000n)).toBeNull();
    expect(depositProblem(9_999_999n)).toBe('minimum');
    expect(depositProblem(1_000_000_000_000n)).toBeNull();
    expect(depositProblem(1_000_010_000_000n)).toBe('maximum');
    expect(depositProblem(15_000_000n)).toBe('decimals');
  });

  it('offers as Max the largest deposit a wallet pays with its fee: whole hundredths, at most 1000 SOL, none below 0.01', () => {
    expect(depositMax(4_990_000_000n)).toBe(4_980_000_000n);
    expect(depositMax(4_990_005_000n)).toBe(4_990_000_000n);
    expect(depositMax(5_000_000_000_000n)).toBe(1_000_000_000_000n);
    expect(depositMax(10_005_000n)).toBe(10_000_000n);
    expect(depositMax(10_004_999n)).toBe(0n);
    for (const held of [4_990_000_000n, 10_005_000n, 5_000_000_000_000n])
      expect(depositProblem(depositMax(held))).toBeNull();
  });
});

describe("the players' limits", () => {
  it('name every kind over every period, and read both back from the name', () => {
    expect(LIMIT_NAMES).toEqual([
      ...['depositDaily', 'depositWeekly', 'depositMonthly'],
      ...['lossDaily', 'lossWeekly', 'lossMonthly'],
      ...['wagerDaily', 'wagerWeekly', 'wagerMonthly'],
    ]);
    for (const kind of LIMIT_KINDS)
      for (const period of LIMIT_PERIODS) expect(limitOf(limitName(kind, period))).toEqual({ kind, period });
  });
});
