import { describe, expect, it } from 'vitest';
import * as c from '../../src/shared/constants';
import { coinsToSol } from '../../src/shared/money';

describe('constants', () => {
  it('keeps the spec figures', () => {
    expect(c.BET_DEFAULT_AMOUNT).toBe(200);
    expect([c.BET_STEP, c.BET_MIN]).toEqual([10, 10]);
    expect(c.BET_QUICK_ADDS).toEqual([50, 100, 200, 500]);
    expect(c.HISTORY_LENGTH).toBe(11);
    expect([c.HEARTBEAT_MS, c.RECONNECT_DELAY_MS, c.MAX_CHUNK_BYTES]).toEqual([10_000, 5000, 8192]);
    expect(c.STORAGE_KEYS.accessToken).toBe('access_token');
  });

  it('makes the withdrawal minimum 200 coins at the default rate', () => {
    expect(coinsToSol(200, c.DEFAULT_COINS_PER_SOL)).toBe(c.WITHDRAW_MIN_SOL);
  });
});
