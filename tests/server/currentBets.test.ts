/** GET /bet/current: a player's own bets of the round shown now, what a reloaded page restores its panels from. */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentBetsResponse } from '../../src/shared/protocol';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { rounds } from '../../src/server/db/schema';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { closeAllRounds, endRound, fundedPlayer, openRound, startRound } from './betting';

describe('GET /bet/current', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startServer({ ROLE: 'gateway' });
    db = t.server.services.database.db;
  });
  afterAll(() => t.close());
  beforeEach(() => closeAllRounds(db));

  const current = (token?: string) => call<CurrentBetsResponse>(t.api, 'GET', '/bet/current', undefined, { token });
  const place = async (token: string, amount: number, rate?: number) => {
    const path = rate ? '/bet/create/auto' : '/bet/create';
    const answer = await call<{ betId: string }>(t.api, 'POST', path, { amount, rate }, { token });
    expect(answer.body.errorMessage).toBeUndefined();
    return answer.body.data!.betId;
  };

  it('answers only a signed-in player', async () => {
    const anonymous = await current();
    expect([anonymous.status, anonymous.body.errorMessage]).toEqual([401, 'Please sign in']);
    expect((await current('not.a.token')).status).toBe(401);
  });

  it("lists the player's own bets of the round in the order placed, with amount, target and status, and nobody else's", async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const other = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 5);
    const byHand = await place(player.token, 1000);
    await place(other.token, 1500);
    const auto = await place(player.token, 1250, 2.5);
    const mine = await current(player.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({
      gameId: String(round.id),
      bets: [
        expect.objectContaining({ betId: byHand, status: 'CREATED', amount: 1000, autoRate: null }),
        expect.objectContaining({ betId: auto, status: 'CREATED', amount: 1250, autoRate: 2.5 }),
      ],
    });
    expect((await current(other.token)).body.data!.bets.map((bet) => bet.amount)).toEqual([1500]);

    // A canceled bet leaves the list; a cashed-out one stays with its status, rate and win.
    await call(t.api, 'POST', '/bet/cancel', { betId: byHand }, { token: player.token });
    await startRound(db, round, 11_552);
    await call(t.api, 'POST', '/bet/refund', { betId: auto }, { token: player.token });
    const after = (await current(player.token)).body.data!;
    expect(after.bets).toEqual([expect.objectContaining({ betId: auto, status: 'REFUNDED', autoRate: 2.5 })]);
    expect(after.bets[0]!.winAmount).toBeGreaterThanOrEqual(2500);

    // The next round shows none of the last round's bets.
    await endRound(db, round);
    const next = await openRound(db, 2);
    expect((await current(player.token)).body.data).toEqual({ gameId: String(next.id), bets: [] });
  });

  it("keeps what the player set when the house's cap lowers a bet's cash-out: by hand stays by hand, the cap comes as loweredTo", async () => {
    const player = await fundedPlayer(t.api, db, 50_000);
    const round = await openRound(db, 5);
    // The house may pay one bet at most 100 coins this round: a 200-coin bet cashes out at x1.50 at most.
    await db.update(rounds).set({ maxBetProfit: 10_000 }).where(eq(rounds.id, round.id));
    const byHand = await place(player.token, 20_000);
    const auto = await place(player.token, 20_000, 3);
    expect((await current(player.token)).body.data!.bets).toEqual([
      expect.objectContaining({ betId: byHand, autoRate: null, loweredTo: 1.5 }),
      expect.objectContaining({ betId: auto, autoRate: 3, loweredTo: 1.5 }),
    ]);
  });
});
