import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DESTINATIONS,
  type Bet,
  type BetEvent,
  type BetWithRound,
  type GameEvent,
  type GameInfo,
} from '../../src/shared/protocol';
import { msToRate } from '../../src/shared/growth';
import { chatDestination } from '../../src/shared/wire/chat';
import { bets } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { fundedPlayer } from './betting';
import { fixedCrashPoints } from './crashPoints';
import { connectStomp, openRaw, waitUntil, type StompTestClient } from './stompClient';

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

describe('bet events on the wire', () => {
  /** Players, each placing two bets at once: one burst of events. */
  const PLAYERS = 15;
  /** Every bet of the burst lands within this many ticks even on a busy machine. */
  const TICKS = 3;

  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ BETTING_MS: '8000', PAUSE_MS: '100', TICK_MS: '1000' });
  });
  afterAll(() => t.close());

  it('sends a burst of bets to a subscriber in a few WebSocket messages, each event its own MESSAGE frame as before', async () => {
    const { db } = t.server.services.database;
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => fundedPlayer(t.api, db, 10_000)));
    const raw = await openRaw(t.ws);
    raw.ws.send(
      `CONNECT\naccept-version:1.2\nhost:localhost\n\n\0SUBSCRIBE\nid:sub-0\ndestination:${DESTINATIONS.bets}\nreceipt:r\n\n\0`,
    );
    await waitUntil(() => raw.text().includes('RECEIPT'), 5000, 'the subscription');
    const info = async () => (await call<GameInfo>(t.api, 'GET', '/game/info')).body.data;
    let window: GameInfo | undefined;
    for (let i = 0; i < 100 && !window; i++) {
      const now = await info();
      if (now?.gameState === 'CREATED' && now.startsAt! - now.serverTime > 4000) window = now;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(window, 'a betting window with 4 s left').toBeDefined();

    const placed = await Promise.all(
      players.flatMap((player) =>
        [1000, 2000].map((amount) => call(t.api, 'POST', '/bet/create', { amount }, { token: player.token })),
      ),
    );
    expect(placed.map((answer) => answer.status)).toEqual(placed.map(() => 200));
    const frames = () =>
      raw.messages.flatMap((message) => message.split('\0')).filter((f) => f.includes('BET_CREATED'));
    await waitUntil(() => frames().length === 2 * PLAYERS, 5000, 'every BET_CREATED');

    const carrying = raw.messages.filter((message) => message.includes('BET_CREATED'));
    expect(carrying.length).toBeLessThanOrEqual(TICKS);
    const listed = (await call<Bet[]>(t.api, 'GET', `/game/bets/${window!.gameId}`)).body.data!;
    for (const frame of frames()) {
      const [head, body] = frame.split('\n\n');
      expect(head).toMatch(
        new RegExp(
          `^MESSAGE\ndestination:${DESTINATIONS.bets}\nmessage-id:\\d+\ncontent-type:application/json\ncontent-length:${Buffer.byteLength(body!)}\nsubscription:sub-0$`,
        ),
      );
      const event = JSON.parse(body!) as BetEvent;
      expect(event).toEqual({ eventType: 'BET_CREATED', data: listed.find((bet) => bet.betId === event.data.betId) });
    }
    raw.ws.close();
  });

  it('sends the bets and chat gathered so far in the same WebSocket message as the next round event, the bets before it', async () => {
    const raw = await openRaw(t.ws);
    raw.ws.send(
      `CONNECT\naccept-version:1.2\nhost:localhost\n\n\0SUBSCRIBE\nid:b\ndestination:${DESTINATIONS.bets}\n\n\0` +
        `SUBSCRIBE\nid:c\ndestination:${chatDestination('en')}\n\n\0` +
        `SUBSCRIBE\nid:g\ndestination:${DESTINATIONS.game}\nreceipt:r\n\n\0`,
    );
    await waitUntil(() => raw.text().includes('RECEIPT'), 5000, 'the subscriptions');
    // Straight onto the bus, as the engine and the chat publish: the bet and the chat message wait
    // for their batch, the round event does not, and takes them along.
    const { bus } = t.server.services;
    const bet = {
      betId: '999999',
      status: 'CANCELED',
      time: 1,
      nickname: 'order',
      amount: 100,
      rate: null,
      winAmount: null,
    };
    bus.publish(DESTINATIONS.bets, JSON.stringify({ eventType: 'BET_CANCELED', data: bet }));
    const said = { id: '888888', room: 'en', nickname: 'order', text: 'along', at: 1 };
    bus.publish(chatDestination('en'), JSON.stringify({ eventType: 'CHAT_MESSAGE', data: said }));
    bus.publish(
      DESTINATIONS.game,
      JSON.stringify({ eventType: 'GAME_VOIDED', data: { gameId: '999999', hash: 'h', fullRate: 1, salt: 's' } }),
    );
    await waitUntil(() => raw.text().includes('GAME_VOIDED'), 5000, 'the round event');
    const carrying = raw.messages.find((message) => message.includes('GAME_VOIDED'))!;
    expect(carrying).toContain('"betId":"999999"');
    expect(carrying).toContain('"id":"888888"');
    expect(carrying.indexOf('"betId":"999999"')).toBeLessThan(carrying.indexOf('GAME_VOIDED'));
    expect(
      carrying
        .split('\0')
        .filter((frame) => frame.startsWith('MESSAGE'))
        .map((frame) => /subscription:(\w)/.exec(frame)?.[1]),
    ).toEqual(['b', 'c', 'g']);
    raw.ws.close();
  });
});
