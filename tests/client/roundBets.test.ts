import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshRoundBets } from '../../src/client/round/roundBets';
import { betsAtom } from '../../src/client/state/betsAtom';
import { INITIAL_ROUND, roundAtom } from '../../src/client/state/roundAtom';
import { store } from '../../src/client/state/store';
import { ROUND_BETS_PAGE } from '../../src/shared/constants';
import type { Bet } from '../../src/shared/protocol';

/** More bets than one page holds, newest (highest id) first. */
const ROUND_BETS = Array.from({ length: 2 * ROUND_BETS_PAGE + 7 }, (_, i): Bet => ({
  betId: String(5000 - i),
  status: 'CREATED',
  time: 1,
  nickname: 'p',
  amount: 100,
  rate: null,
  winAmount: null,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  store.set(roundAtom, INITIAL_ROUND);
  store.set(betsAtom, []);
});

describe("the round's bet list", () => {
  it('reads every page of GET /game/bets/{gameId}, each older than the last', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname + url.search);
      const before = url.searchParams.get('before');
      const older = ROUND_BETS.filter((bet) => before === null || Number(bet.betId) < Number(before));
      const data = older.slice(0, ROUND_BETS_PAGE);
      return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
    });
    store.set(roundAtom, { ...INITIAL_ROUND, gameId: '9' });
    await refreshRoundBets();
    expect(store.get(betsAtom).map((bet) => bet.betId)).toEqual(ROUND_BETS.map((bet) => bet.betId));
    expect(asked).toEqual([
      '/api/v1/game/bets/9',
      `/api/v1/game/bets/9?before=${ROUND_BETS[ROUND_BETS_PAGE - 1]!.betId}`,
      `/api/v1/game/bets/9?before=${ROUND_BETS[2 * ROUND_BETS_PAGE - 1]!.betId}`,
    ]);
  });
});
