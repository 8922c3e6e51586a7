import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DESTINATIONS, type Bet, type BetEvent, type BetWithRound, type GameEvent } from '../../src/shared/protocol';
import { msToRate } from '../../src/shared/growth';
import { bets } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { fundedPlayer } from './betting';
import { fixedCrashPoints } from './crashPoints';
import { connectStomp, waitUntil, type StompTestClient } from './stompClient';

describe('bets on live rounds', () => {
  let t: TestServer;
  let stomp: StompTestClient;
  beforeAll(async () => {
    t = await startServer(
      { BETTING_MS: '600', PAUSE_MS: '100', TICK_MS: '50' },
      { roundSecrets: fixedCrashPoints([1.1]) },
    );
    stomp = await connectStomp(t.ws, [DESTINATIONS.bets, DESTINATIONS.game]);
  });
  afterAll(async () => {
    await stomp?.close();
    await t.close();
  });

  const betEvents = () => (stomp.received.get(DESTINATIONS.bets) ?? []) as BetEvent[];
  const gameEvents = () => (stomp.received.get(DESTINATIONS.game) ?? []) as GameEvent[];

  it('places bets in the betting window, cashes the auto bet out at its target on a tick, and the lost bet stays open', async () => {
    const player = await fundedPlayer(t.api, t.server.services.database.db, 10_000);
    const window = () => gameEvents().find((e) => e.eventType === 'GAME_CREATED' && e.data.startsAt - Date.now() > 250);
    await waitUntil(() => window() !== undefined, 15_000, 'a betting window');
    const gameId = window()!.data.gameId;
    const auto = (
      await call<{ betId: string }>(
        t.api,
        'POST',
        '/bet/create/auto',
        { amount: 1000, rate: 1.05 },
        { token: player.token },
      )
    ).body.data!.betId;
    const lost = (
      await call<{ betId: string }>(t.api, 'POST', '/bet/create', { amount: 2000 }, { token: player.token })
    ).body.data!.betId;
    await waitUntil(
      () => betEvents().filter((e) => e.eventType === 'BET_CREATED').length === 2,
      5000,
      'BET_CREATED over STOMP',
    );
    await waitUntil(
      () => gameEvents().some((e) => e.eventType === 'GAME_ENDED' && e.data.gameId === gameId),
      10_000,
      'the crash',
    );
    const refunded = betEvents().find((e) => e.eventType === 'BET_REFUNDED');
    expect(refunded?.data).toMatchObject({ betId: auto, status: 'REFUNDED', rate: 1.05, winAmount: 1050 });
    const started = gameEvents().find((e) => e.eventType === 'GAME_STARTED' && e.data.gameId === gameId);
    const [row] = await t.server.services.database.db
      .select()
      .from(bets)
      .where(eq(bets.id, Number(auto)));
    expect(
      Math.abs(row!.settledAt! - (started!.data as { startedAt: number }).startedAt - msToRate(1.05)),
    ).toBeLessThanOrEqual(1);

    const roundBets = await call<Bet[]>(t.api, 'GET', `/game/bets/${gameId}`);
    expect(roundBets.body.data!.map((b) => [b.betId, b.status, b.winAmount])).toEqual([
      [lost, 'CREATED', null],
      [auto, 'REFUNDED', 1050],
    ]);
    // The tick's event carries the bet exactly as the round's list reads it back (nickname, time, amount).
    expect(refunded?.data).toEqual(roundBets.body.data!.find((b) => b.betId === auto));
    const history = await call<{ betHistory: BetWithRound[] }>(t.api, 'GET', '/bet/history', undefined, {
      token: player.token,
    });
    expect(history.body.data!.betHistory[0]).toMatchObject({
      betId: lost,
      status: 'CREATED',
      winAmount: null,
      gameRate: 1.1,
    });
    const leaders = await call<BetWithRound[]>(t.api, 'GET', '/game/leaders');
    expect(leaders.body.data!.find((b) => b.betId === auto)).toMatchObject({
      gameId,
      gameRate: 1.1,
      gameSalt: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const profile = await call<{ balanceAmount: number }>(t.api, 'GET', '/user/profile', undefined, {
      token: player.token,
    });
    expect(profile.body.data!.balanceAmount).toBe(10_000 - 3000 + 1050);
    expect(await checkLedger(t.server.services.database.db)).toEqual([]);
  });
});
