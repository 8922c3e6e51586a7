import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DESTINATIONS, type BetEvent, type GameEvent, type ReservesResponse } from '../../src/shared/protocol';
import { bets, rounds } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { fundedPlayer } from './betting';
import { fixedCrashPoints } from './crashPoints';
import { connectStomp, waitUntil, type StompTestClient } from './stompClient';

describe('the house limit on a running server with a small bankroll', () => {
  let t: TestServer;
  let stomp: StompTestClient;
  beforeAll(async () => {
    // The house holds 1 SOL (its fee float) beyond what it owes: a bankroll of 10,000 coins less
    // the players' balances, so a round may pay about 1.125 % of some thousands of coins.
    t = await startServer(
      { LOCAL_HOUSE_SOL: '0', RISK_BET_PERCENT: '100', BETTING_MS: '2000', TICK_MS: '50' },
      { roundSecrets: fixedCrashPoints([1.5]) },
    );
    stomp = await connectStomp(t.ws, [DESTINATIONS.bets, DESTINATIONS.game]);
  });
  afterAll(async () => {
    await stomp?.close();
    await t?.close();
  });

  const betEvents = () => (stomp.received.get(DESTINATIONS.bets) ?? []) as BetEvent[];
  const gameEvents = () => (stomp.received.get(DESTINATIONS.game) ?? []) as GameEvent[];

  it('cashes large bets at x100 out together at the limit rate, pays within the cap, and the house is never short', async () => {
    const db = t.server.services.database.db;
    const players = await Promise.all(Array.from({ length: 3 }, () => fundedPlayer(t.api, db, 40_000)));
    const reserves: ReservesResponse[] = [];
    const readReserves = async () =>
      reserves.push((await call<ReservesResponse>(t.api, 'GET', '/payment/reserves')).body.data!);
    const window = () =>
      gameEvents().find((e) => e.eventType === 'GAME_CREATED' && e.data.startsAt - Date.now() > 1200);
    await waitUntil(() => window() !== undefined, 15_000, 'a betting window');
    const gameId = window()!.data.gameId;
    const ids = await Promise.all(
      players.map(
        async (p) =>
          (
            await call<{ betId: string }>(
              t.api,
              'POST',
              '/bet/create/auto',
              { amount: 20_000, rate: 100 },
              { token: p.token },
            )
          ).body.data!.betId,
      ),
    );
    await readReserves();
    await waitUntil(
      () => gameEvents().some((e) => e.eventType === 'GAME_STARTED' && e.data.gameId === gameId),
      5000,
      'the start',
    );
    await readReserves();
    await waitUntil(
      () => gameEvents().some((e) => e.eventType === 'GAME_ENDED' && e.data.gameId === gameId),
      15_000,
      'the crash',
    );
    await readReserves();

    const [round] = await db
      .select()
      .from(rounds)
      .where(eq(rounds.id, Number(gameId)));
    expect(round!.maxRoundProfit).toBe(Math.floor((round!.bankroll! * 11_250) / 1_000_000));
    const limit = gameEvents().find((e) => e.eventType === 'GAME_LIMIT');
    expect(limit?.data).toEqual({ gameId, rate: round!.limitRate! / 100 });
    const refunded = betEvents().filter((e) => e.eventType === 'BET_REFUNDED' && ids.includes(e.data.betId));
    expect(refunded.map((e) => e.data.rate)).toEqual(ids.map(() => round!.limitRate! / 100));
    // The BET_REFUNDED events came before GAME_LIMIT, on the same tick.
    const rows = await db
      .select()
      .from(bets)
      .where(eq(bets.roundId, Number(gameId)));
    const profit = rows.reduce((total, bet) => total + (bet.winAmount ?? 0) - bet.amount, 0);
    expect(profit).toBeGreaterThan(0);
    expect(profit).toBeLessThanOrEqual(round!.maxRoundProfit!);
    expect(new Set(rows.map((bet) => bet.settledAt)).size).toBe(1);
    for (const r of reserves) {
      expect(r.covered).toBe(true);
      expect(r.bankroll).toBeGreaterThan(0);
    }
    expect(reserves.at(-1)!.maxRoundProfit).toBeGreaterThan(0);
    expect(await checkLedger(db)).toEqual([]);
  });
});
