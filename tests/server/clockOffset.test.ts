import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crashInstant, rateAt, shownRate } from '../../src/shared/growth';
import type { GameInfo } from '../../src/shared/protocol';
import { openDatabase, queryRows, type Database } from '../../src/server/db/client';
import { checkLedger } from '../../src/server/ledger/check';
import { fundedPlayer } from './betting';
import { call } from './client';
import { failoverClient, of, roundCrashingAt, type Watcher } from './clusterWatch';
import { startPostgres, type PostgresCluster } from './pg';
import { redisAvailable, startRedis, type RedisServer } from './redis';
import { spawnServer, type ServerProcess } from './serverProcess';
import { waitUntil } from './stompClient';

/** How far a gateway's clock may read from the database's after it measured the offset (half a loopback round trip, and some). */
const CLOCK_TOLERANCE_MS = 25;

describe.skipIf(!redisAvailable)(
  'one clock: gateways whose own clocks are 500 ms off (needs redis-server)',
  () => {
    let pg: PostgresCluster;
    let redis: RedisServer;
    let database: Database;
    const servers: ServerProcess[] = [];
    let watcher: Watcher;

    beforeAll(async () => {
      [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
      const env = {
        DATABASE_URL: await pg.createDatabase('clock'),
        REDIS_URL: redis.url,
        BETTING_MS: '3000',
        PUBLIC_CACHE_MS: '0',
        JWT_SECRET: 'a-secret-every-gateway-of-the-test-shares',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'moonrush-clock-')),
      };
      database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '' });
      servers.push(await spawnServer({ ...env, ROLE: 'all' }));
      for (const offset of ['-500', '500'])
        servers.push(await spawnServer({ ...env, ROLE: 'gateway', TEST_CLOCK_OFFSET_MS: offset }));
      watcher = failoverClient([servers[1]!.ws]);
    }, 300_000);

    afterEach(async ({ task }) => {
      if (task.result?.state !== 'fail') return;
      for (const server of servers) console.log(`--- server ${server.pid}:\n${server.logs.slice(-40).join('\n')}`);
      const rounds = await queryRows(
        database.db,
        sql`select id, state, full_rate, starts_at, started_at, ended_at from rounds order by id desc limit 3`,
      );
      console.log(`--- the last rounds at ${Date.now()}:`, rounds);
    });

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

    it('a gateway 500 ms behind refuses a cash-out after the crash; one 500 ms ahead pays one before it and shows the rate of the database clock, not capped at the crash point', async () => {
      const [behind, ahead] = [servers[1]!, servers[2]!];
      const player = await fundedPlayer(behind.api, database.db, 10_000);
      const bet = async (server: ServerProcess) => {
        const answer = await call<{ betId: string }>(server.api, 'POST', '/bet/create', { amount: 1000 }, { token: player.token });
        expect(answer.body.errorMessage).toBeUndefined();
        return answer.body.data!.betId;
      };
      const cashOut = (server: ServerProcess, betId: string) =>
        call<{ rate: number }>(server.api, 'POST', '/bet/refund', { betId }, { token: player.token });

      // A flight of 4.4 s at least, so that 250 ms before the crash the rate is a hundredth or more below it.
      const { gameId, fullRate } = await roundCrashingAt(watcher, database.db, (rate) => rate >= 1.3 && rate <= 5);
      const late = await bet(behind);
      const onTime = await bet(ahead);
      await waitUntil(() => of(watcher.events, 'GAME_STARTED').some((e) => e.data.gameId === gameId), 15_000, 'the start');
      const startedAt = of(watcher.events, 'GAME_STARTED').find((e) => e.data.gameId === gameId)!.data.startedAt;
      const crashAt = crashInstant(startedAt, fullRate);

      await waitUntil(() => Date.now() >= crashAt - 250, 30_000, '250 ms before the crash');
      const sent = Date.now();
      const [info, paid] = await Promise.all([call<GameInfo>(ahead.api, 'GET', '/game/info'), cashOut(ahead, onTime)]);
      const answered = Date.now();
      expect(answered).toBeLessThan(crashAt);
      expect(paid.body.errorMessage).toBeUndefined();
      expect(paid.body.data!.rate).toBeLessThan(shownRate(fullRate));
      const shown = info.body.data!;
      expect(shown.gameState).toBe('STARTED');
      expect(shown.serverTime).toBeGreaterThanOrEqual(sent - CLOCK_TOLERANCE_MS);
      expect(shown.serverTime).toBeLessThanOrEqual(answered + CLOCK_TOLERANCE_MS);
      expect(shown.rate).toBeLessThanOrEqual(shownRate(rateAt(answered + CLOCK_TOLERANCE_MS - startedAt)));

      // The behind gateway has heard the crash: by its own clock the round still flies for 500 ms.
      await waitUntil(() => of(watcher.events, 'GAME_ENDED').some((e) => e.data.gameId === gameId), 10_000, 'the crash');
      const refused = await cashOut(behind, late);
      expect([refused.status, refused.body.errorMessage]).toEqual([409, 'Too late: the rocket has flown away']);
      expect(await checkLedger(database.db)).toEqual([]);
    }, 600_000);
  },
);
