import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DESTINATIONS, type BetEvent, type GameEvent } from '../../src/shared/protocol';
import { checkLedger } from '../../src/server/ledger/check';
import { fundedPlayer } from './betting';
import { call } from './client';
import { fixedCrashPoints } from './crashPoints';
import { startServer, type TestServer } from './harness';
import { startPostgres, type PostgresCluster } from './pg';
import { redisAvailable, startRedis, type RedisServer } from './redis';
import { connectStomp, waitUntil, type StompTestClient } from './stompClient';
import { serveLocalChain, type ServedChain } from './localChainServer';
import * as payments from './paymentClient';

const DESTS = [DESTINATIONS.game, DESTINATIONS.bets, DESTINATIONS.online];

/** The game events of `client` from the first GAME_CREATED of `gameId` on. */
function gameFrom(client: StompTestClient, gameId: string): GameEvent[] {
  const events = client.received.get(DESTINATIONS.game) as GameEvent[];
  const first = events.findIndex((e) => e.eventType === 'GAME_CREATED' && e.data.gameId === gameId);
  return first < 0 ? [] : events.slice(first);
}

const created = (client: StompTestClient) =>
  (client.received.get(DESTINATIONS.game) as GameEvent[]).filter((e) => e.eventType === 'GAME_CREATED');

describe.skipIf(!redisAvailable)('cluster bus over Redis (needs redis-server: it is what is tested)', () => {
  let pg: PostgresCluster;
  let redis: RedisServer;
  let served: ServedChain;
  let engine: TestServer;
  let gateway: TestServer;
  let onA: StompTestClient;
  let onB: StompTestClient;
  let env: Record<string, string>;

  beforeAll(async () => {
    [pg, redis, served] = await Promise.all([startPostgres(), startRedis(), serveLocalChain()]);
    env = {
      DATABASE_URL: await pg.createDatabase('bus'),
      REDIS_URL: redis.url,
      JWT_SECRET: 'a-secret-every-gateway-of-the-test-shares',
      BETTING_MS: '1500',
      // One local chain for the cluster, and one DATA_DIR, so one house key, as `npm run cluster` has them.
      LOCAL_CHAIN_URL: served.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'moonrush-cluster-')),
    };
    engine = await startServer({ ...env, ROLE: 'all' }, { roundSecrets: fixedCrashPoints([1.3]) });
    gateway = await startServer({ ...env, ROLE: 'gateway' });
    onA = await connectStomp(engine.ws, DESTS);
    onB = await connectStomp(gateway.ws, DESTS);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([onA?.close(), onB?.close()]);
    await gateway?.close();
    await engine?.close();
    await redis?.stop();
    await served?.close();
    pg?.stop();
    if (env?.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  it('shows players on different gateways the same game events in the same order, and the total online', async () => {
    await waitUntil(() => created(onB).length >= 1, 15_000, 'a new round on gateway B');
    const gameId = created(onB)[0]!.data.gameId;
    await waitUntil(() => created(onB).length >= 3, 20_000, 'two more rounds on gateway B');
    const fromA = gameFrom(onA, gameId);
    const fromB = gameFrom(onB, gameId);
    const length = Math.min(fromA.length, fromB.length);
    expect(length).toBeGreaterThan(10);
    expect(fromB.slice(0, length)).toEqual(fromA.slice(0, length));
    const online = (client: StompTestClient) =>
      (client.received.get(DESTINATIONS.online) as { online: number }[]).at(-1);
    await waitUntil(() => online(onA)?.online === 2 && online(onB)?.online === 2, 5000, 'two online on both');
  }, 60_000);

  it('shows a bet placed through gateway A on gateway B', async () => {
    const player = await fundedPlayer(engine.api, engine.server.services.database.db, 10_000);
    const window = () => created(onB).findLast((e) => e.data.startsAt - Date.now() > 700);
    await waitUntil(() => window() !== undefined, 15_000, 'a betting window');
    const placed = await call<{ betId: string }>(
      engine.api,
      'POST',
      '/bet/create',
      { amount: 1000 },
      { token: player.token },
    );
    expect(placed.body.errorMessage).toBeUndefined();
    const betId = placed.body.data!.betId;
    const seen = (client: StompTestClient) =>
      (client.received.get(DESTINATIONS.bets) as BetEvent[]).find(
        (e) => e.eventType === 'BET_CREATED' && e.data.betId === betId,
      );
    await waitUntil(() => seen(onB) !== undefined, 5000, 'BET_CREATED on gateway B');
    expect(seen(onB)).toEqual(seen(onA));
  }, 30_000);

  it('shows a faucet and a deposit made through gateway A through gateway B, and pays a withdrawal from B on the same chain', async () => {
    const player = await payments.playerWithCoins(engine, 1);
    expect(await payments.balanceOf(gateway, player)).toBe(1_000_000n);
    const onChain = await served.chain.balance(player.wallet);
    expect(await gateway.server.services.chain.balance(player.wallet)).toBe(onChain);
    expect(await engine.server.services.chain.balance(player.wallet)).toBe(onChain);

    const reply = await payments.call(
      gateway,
      'POST',
      '/payment/withdraw',
      { amount: 0.5, wallet: player.wallet },
      player.token,
    );
    expect(reply.body.errorMessage).toBeUndefined();
    expect(await served.chain.balance(player.wallet)).toBe(onChain + 500_000_000n);
    expect(await engine.server.services.chain.balance(player.wallet)).toBe(onChain + 500_000_000n);
    expect(await payments.balanceOf(engine, player)).toBe(500_000n);
    expect(await checkLedger(engine.server.services.database.db)).toEqual([]);
  }, 30_000);

  it('counts a rate limit over every gateway', async () => {
    // Per login, so the earlier tests' calls from this IP do not count.
    const limited = { ...env, ROLE: 'gateway', RATE_LIMIT_AUTH_LOGIN: '3' };
    const gateways = await Promise.all([startServer(limited), startServer(limited)]);
    try {
      const statuses: number[] = [];
      const email = `limited-${Date.now()}@example.com`;
      for (const g of [...gateways, ...gateways]) {
        const answer = await call(g.api, 'POST', '/auth/register', { email, password: 'correct horse' });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
    } finally {
      await Promise.all(gateways.map((g) => g.close()));
    }
  }, 30_000);

  it('resubscribes after Redis restarts and events flow again; /ready says 503 meanwhile', async () => {
    const ready = async () => (await fetch(`${gateway.api}/ready`)).status;
    let readyStatus = 0;
    const poll = setInterval(
      () =>
        void ready().then(
          (status) => (readyStatus = status),
          () => {},
        ),
      100,
    );
    onTestFinished(() => clearInterval(poll));
    expect(await ready()).toBe(200);
    await redis.kill();
    await waitUntil(() => readyStatus === 503, 5000, 'the gateway to say it is not ready');
    await redis.start();
    await waitUntil(() => readyStatus === 200, 10_000, 'the gateway to be ready again');
    const before = created(onB).length;
    await waitUntil(() => created(onB).length >= before + 2, 20_000, 'new rounds on gateway B after the restart');
    expect(created(onA).at(-1)).toEqual(created(onB).at(-1));
  }, 40_000);
});
