import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRound } from '../../src/shared/fairness';
import { DESTINATIONS, type GameEvent, type RoundHistoryEntry } from '../../src/shared/protocol';
import { rounds } from '../../src/server/db/schema';
import { startServer, type TestServer } from './harness';
import { fixedCrashPoints } from './crashPoints';
import { connectStomp, gameEvents, waitUntil, type StompTestClient } from './stompClient';

type Ended = Extract<GameEvent, { eventType: 'GAME_ENDED' }>;

describe('rounds over STOMP', () => {
  let t: TestServer;
  let player: StompTestClient;
  beforeAll(async () => {
    t = await startServer({}, { roundSecrets: fixedCrashPoints([1.0537, 1.1, 1]) });
    player = await connectStomp(t.ws, [DESTINATIONS.game, DESTINATIONS.online]);
  });
  afterAll(async () => {
    await player?.close();
    await t.close();
  });

  /** The events of the first round that began after the client joined, once it has ended. */
  async function wholeRound(): Promise<GameEvent[]> {
    const events = () => gameEvents(player, DESTINATIONS.game);
    const firstCreated = () => events().findIndex((e, i) => i > 0 && e.eventType === 'GAME_CREATED');
    await waitUntil(
      () =>
        firstCreated() > 0 &&
        events()
          .slice(firstCreated())
          .some((e) => e.eventType === 'GAME_ENDED'),
      60_000,
      'a whole round',
    );
    const round = events().slice(firstCreated());
    return round.slice(0, round.findIndex((e) => e.eventType === 'GAME_ENDED') + 1);
  }

  it('plays a whole round in order: created, started, rates, ended', async () => {
    const round = await wholeRound();
    const types = round.map((e) => e.eventType);
    expect(types[0]).toBe('GAME_CREATED');
    expect(types[1]).toBe('GAME_STARTED');
    expect(types.at(-1)).toBe('GAME_ENDED');
    expect(types.slice(2, -1).every((type) => type === 'GAME_RATE')).toBe(true);
    expect(new Set(round.map((e) => e.data.gameId)).size).toBe(1);
  });

  it("reveals in GAME_ENDED a fullRate and salt that recompute GAME_CREATED's hash", async () => {
    const round = await wholeRound();
    const created = round[0] as Extract<GameEvent, { eventType: 'GAME_CREATED' }>;
    const ended = round.at(-1) as Ended;
    expect(ended.data.hash).toBe(created.data.hash);
    expect(await verifyRound({ fullRate: ended.data.fullRate, salt: ended.data.salt, hash: created.data.hash })).toBe(
      true,
    );
    expect(ended.data.rate).toBe(Math.floor(ended.data.fullRate * 100 * (1 + 1e-12)) / 100);
  });

  it('never shows a tick above the final rate, and rates never go down', async () => {
    const round = await wholeRound();
    const ended = round.at(-1) as Ended;
    const rates = round.filter((e) => e.eventType === 'GAME_RATE').map((e) => e.data.rate);
    for (const rate of rates) expect(rate).toBeLessThanOrEqual(ended.data.rate);
    expect([...rates].sort((a, b) => a - b)).toEqual(rates);
  });

  it('gives a late joiner the current round at once', async () => {
    const late = await connectStomp(t.ws, [DESTINATIONS.game]);
    try {
      await waitUntil(() => gameEvents(late, DESTINATIONS.game).length > 0, 2000, 'the current round');
      const first = gameEvents(late, DESTINATIONS.game)[0]!;
      expect(['GAME_CREATED', 'GAME_STARTED', 'GAME_ENDED']).toContain(first.eventType);
      const info = (await (await fetch(`${t.api}/game/info`)).json()) as { data: { gameId: string } };
      expect(Number(info.data.gameId)).toBeGreaterThanOrEqual(Number(first.data.gameId));
    } finally {
      await late.close();
    }
  });

  it('counts the players online and sends the count on change', async () => {
    const online = () => player.received.get(DESTINATIONS.online) as { online: number }[];
    await waitUntil(() => online().length > 0, 3000, 'an online count');
    const other = await connectStomp(t.ws, [DESTINATIONS.game]);
    try {
      await waitUntil(() => online().at(-1)?.online === 2, 3000, 'two players online');
    } finally {
      await other.close();
    }
    await waitUntil(() => online().at(-1)?.online === 1, 3000, 'one player online');
  });

  it('fans a bet event published on the bus out to STOMP subscribers of the bets destination', async () => {
    const watcher = await connectStomp(t.ws, [DESTINATIONS.bets]);
    try {
      const bet = {
        betId: '7',
        status: 'CREATED',
        time: Date.now(),
        nickname: 'ann',
        amount: 1000,
        rate: null,
        winAmount: null,
      };
      await waitUntil(
        () => {
          t.server.services.bus.publish(DESTINATIONS.bets, JSON.stringify({ eventType: 'BET_CREATED', data: bet }));
          return (watcher.received.get(DESTINATIONS.bets) ?? []).length > 0;
        },
        3000,
        'the bet event',
      );
      expect(watcher.received.get(DESTINATIONS.bets)![0]).toEqual({ eventType: 'BET_CREATED', data: bet });
    } finally {
      await watcher.close();
    }
  });

  it('lists finished rounds newest first on /game/last after several rounds', async () => {
    await waitUntil(
      () => gameEvents(player, DESTINATIONS.game).filter((e) => e.eventType === 'GAME_ENDED').length >= 3,
      60_000,
      'three rounds',
    );
    const body = (await (await fetch(`${t.api}/game/last?limit=3`)).json()) as { data: RoundHistoryEntry[] };
    expect(body.data).toHaveLength(3);
    const ids = body.data.map((r) => Number(r.gameId));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    for (const round of body.data) expect(await verifyRound(round)).toBe(true);
    const fromStomp = gameEvents(player, DESTINATIONS.game).filter((e): e is Ended => e.eventType === 'GAME_ENDED');
    const sameRound = fromStomp.find((e) => e.data.gameId === body.data[0]!.gameId);
    expect(sameRound && { rate: sameRound.data.rate, salt: sameRound.data.salt }).toEqual({
      rate: body.data[0]!.rate,
      salt: body.data[0]!.salt,
    });
  });
});

describe('game endpoints', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({}, { roundSecrets: fixedCrashPoints([1.2]) });
  });
  afterAll(() => t.close());

  const get = async (path: string) => {
    const res = await fetch(`${t.api}${path}`);
    return {
      status: res.status,
      body: (await res.json()) as { success: boolean; data?: unknown; errorMessage?: string },
    };
  };

  it('keeps the crash point and salt of a round in flight secret on /game/info', async () => {
    const { status, body } = await get('/game/info');
    expect(status).toBe(200);
    const info = body.data as Record<string, unknown>;
    expect(info).toMatchObject({ gameId: expect.any(String), gameHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    if (info.gameState !== 'ENDED') expect(info).not.toHaveProperty('salt');
    if (info.gameState !== 'ENDED') expect(info).not.toHaveProperty('fullRate');
  });

  it('lists the 11 newest finished rounds on /game/last by default', async () => {
    const now = Date.now();
    await t.server.services.database.db.insert(rounds).values(
      Array.from({ length: 13 }, (_, i) => ({
        state: 'ENDED',
        hash: `h${i}`,
        fullRate: 2,
        salt: `s${i}`,
        rateHundredths: 200,
        createdAt: now,
        startsAt: now,
        startedAt: now,
        endedAt: now,
      })),
    );
    const { body } = await get('/game/last');
    expect(body.data).toHaveLength(11);
  });

  it('refuses a /game/last limit outside 1 to 100 with a readable 400', async () => {
    for (const limit of ['0', '101', 'abc', '2.5']) {
      const { status, body } = await get(`/game/last?limit=${limit}`);
      expect(status).toBe(400);
      expect(body.errorMessage).toBe('limit must be a whole number from 1 to 100');
    }
  });

  it('answers bets of a known round with a list, and 404 or 400 for others', async () => {
    expect((await get('/game/bets/1')).body).toEqual({ success: true, data: [] });
    expect((await get('/game/bets/999999')).status).toBe(404);
    expect((await get('/game/bets/abc')).status).toBe(400);
    expect((await get('/game/leaders')).body).toEqual({ success: true, data: [] });
  });

  it('serves Prometheus metrics with rounds, sessions, fan-out time and HTTP durations', async () => {
    await get('/game/info');
    const text = await (await fetch(`${t.api}/metrics`)).text();
    for (const name of [
      'moonrush_rounds_total',
      'moonrush_stomp_sessions',
      'moonrush_fanout_seconds',
      'moonrush_http_request_duration_seconds_count',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toMatch(
      /moonrush_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/game\/info",status="200"\} [1-9]/,
    );
  });
});
