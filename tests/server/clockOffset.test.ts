import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crashInstant, rateAt, shownRate } from '../../src/shared/growth';
import type { GameInfo } from '../../src/shared/protocol';
import { POOL_SIZE, queryRows, type Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { checkLedger } from '../../src/server/ledger/check';
import { fundedPlayer } from './betting';
import { startServer } from './harness';
import { call } from './client';
import { failoverClient, logFailure, of, roundCrashingAt, type Watcher } from './clusterWatch';
import { startPostgres, type PostgresCluster } from './pg';
import { redisAvailable, startRedis, type RedisServer } from './redis';
import { FIXED_CRASH_POINTS, spawnServer, type ServerProcess } from './serverProcess';
import { waitUntil } from './stompClient';

/** How far a gateway's clock may read from the database's after it measured the offset (half a loopback round trip, and some). */
const CLOCK_TOLERANCE_MS = 25;
/** How long before the crash the on-time cash-out is sent: its answer may come after the crash on a loaded machine, and 500 ms ahead it is still late. */
const BEFORE_CRASH_MS = 450;

describe.skipIf(!redisAvailable)('one clock: gateways whose own clocks are 500 ms off (needs redis-server)', () => {
  let pg: PostgresCluster;
  let redis: RedisServer;
  let database: Database;
  const servers: ServerProcess[] = [];
  let watcher: Watcher;
  let env: Record<string, string>;

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    env = {
      DATABASE_URL: await pg.createDatabase('clock'),
      REDIS_URL: redis.url,
      BETTING_MS: '3000',
      PUBLIC_CACHE_MS: '0',
      JWT_SECRET: 'a-secret-every-gateway-of-the-test-shares',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'moonrush-clock-')),
    };
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '' });
    // Its rounds fly to x2 (11.6 s): every round suits nextRound.
    servers.push(await spawnServer({ ...env, ROLE: 'all', CRASH_RATE: '2' }, 150_000, FIXED_CRASH_POINTS));
    for (const offset of ['-500', '500'])
      servers.push(await spawnServer({ ...env, ROLE: 'gateway', TEST_CLOCK_OFFSET_MS: offset }));
    watcher = failoverClient([servers[1]!.ws]);
  }, 300_000);

  afterEach(({ task }) => logFailure(task.result?.state === 'fail', servers, database.db));

  afterAll(async () => {
    await watcher?.client.deactivate();
    for (const server of servers) {
      server.signal('SIGKILL');
      await server.exited;
    }
    await database?.close();
    await redis?.stop();
    pg?.stop();
  });

  const player = () => fundedPlayer(servers[0]!.api, database.db, 10_000);
  type Player = Awaited<ReturnType<typeof player>>;
  const bet = async (api: string, { token }: Player) => {
    const answer = await call<{ betId: string }>(api, 'POST', '/bet/create', { amount: 1000 }, { token });
    expect(answer.body.errorMessage).toBeUndefined();
    return answer.body.data!.betId;
  };
  const cashOut = (api: string, { token }: Player, betId: string) =>
    call<{ rate: number }>(api, 'POST', '/bet/refund', { betId }, { token });
  /** The next round in a betting window with a flight of 4.4 s at least. */
  const nextRound = () => roundCrashingAt(watcher, database.db, (rate) => rate >= 1.3 && rate <= 5);
  /** When the round started and when it crashes, from its GAME_STARTED. */
  const flight = async (gameId: string, fullRate: number) => {
    await waitUntil(
      () => of(watcher.events, 'GAME_STARTED').some((e) => e.data.gameId === gameId),
      15_000,
      'the start',
    );
    const startedAt = of(watcher.events, 'GAME_STARTED').find((e) => e.data.gameId === gameId)!.data.startedAt;
    return { startedAt, crashAt: crashInstant(startedAt, fullRate) };
  };

  it('a gateway 500 ms behind refuses a cash-out after the crash; one 500 ms ahead pays one before it and shows the rate of the database clock, not capped at the crash point', async () => {
    const [behind, ahead] = [servers[1]!, servers[2]!];
    const one = await player();
    const { gameId, fullRate } = await nextRound();
    const late = await bet(behind.api, one);
    const onTime = await bet(ahead.api, one);
    const { startedAt, crashAt } = await flight(gameId, fullRate);

    await waitUntil(() => Date.now() >= crashAt - BEFORE_CRASH_MS, 30_000, 'the instant before the crash');
    const sent = Date.now();
    const [info, paid] = await Promise.all([
      call<GameInfo>(ahead.api, 'GET', '/game/info'),
      cashOut(ahead.api, one, onTime),
    ]);
    const answered = Date.now();
    expect(paid.body.errorMessage).toBeUndefined();
    expect(paid.body.data!.rate).toBeLessThan(fullRate);
    const shown = info.body.data!;
    expect(shown.serverTime).toBeGreaterThanOrEqual(sent - CLOCK_TOLERANCE_MS);
    expect(shown.serverTime).toBeLessThanOrEqual(answered + CLOCK_TOLERANCE_MS);
    expect(shown.rate).toBeLessThanOrEqual(shownRate(rateAt(answered + CLOCK_TOLERANCE_MS - startedAt)));

    // The behind gateway has heard the crash: by its own clock the round still flies for 500 ms.
    await waitUntil(() => of(watcher.events, 'GAME_ENDED').some((e) => e.data.gameId === gameId), 10_000, 'the crash');
    const refused = await cashOut(behind.api, one, late);
    expect([refused.status, refused.body.errorMessage]).toEqual([409, 'Too late: the rocket has flown away']);
    expect(await checkLedger(database.db)).toEqual([]);
  }, 600_000);

  it('a cash-out is judged at the instant it arrived, however long it then waits for a database connection', async () => {
    const gateway = await startServer({
      ...{ ROLE: 'gateway', TICK_MS: '100', JWT_SECRET: env.JWT_SECRET! },
      ...{ DATABASE_URL: env.DATABASE_URL!, REDIS_URL: env.REDIS_URL! },
    });
    try {
      const one = await player();
      const { gameId, fullRate } = await nextRound();
      const betId = await bet(gateway.api, one);
      const { crashAt } = await flight(gameId, fullRate);
      await waitUntil(() => Date.now() >= crashAt - 1500, 30_000, 'a second and a half before the crash');
      // Every connection of the gateway's pool is taken until after the crash.
      const { db } = gateway.server.services.database;
      const busySeconds = (crashAt + 500 - Date.now()) / 1000;
      const busy = Array.from({ length: POOL_SIZE }, () =>
        db.execute(sql`select pg_sleep(${busySeconds}) as busy_until_the_crash`).then(() => undefined),
      );
      const sleeping = async () => {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from pg_stat_activity where query like '%as busy_until_the_crash' and state = 'active'`,
        );
        return row!.n;
      };
      for (let tries = 0; tries < 100 && (await sleeping()) < POOL_SIZE; tries++)
        await new Promise((r) => setTimeout(r, 10));
      expect(Date.now()).toBeLessThan(crashAt - 100);
      const paid = await cashOut(gateway.api, one, betId);
      const answered = Date.now();
      await Promise.all(busy);
      expect(answered).toBeGreaterThan(crashAt);
      expect(paid.body.errorMessage).toBeUndefined();
      expect(paid.body.data!.rate).toBeLessThan(fullRate);
      expect(await checkLedger(database.db)).toEqual([]);
    } finally {
      await gateway.close();
    }
  }, 600_000);
});
