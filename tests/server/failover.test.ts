import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crashInstant } from '../../src/shared/growth';
import { queryRows, type Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { checkLedger } from '../../src/server/ledger/check';
import { fundedPlayer } from './betting';
import { call } from './client';
import { failoverClient, logFailure, of, WINDOW_WAIT_MS, type Watcher } from './clusterWatch';
import { startPostgres, type PostgresCluster } from './pg';
import { redisAvailable, startRedis, type RedisServer } from './redis';
import { FIXED_CRASH_POINTS, spawnServer, type ServerProcess } from './serverProcess';
import { waitUntil } from './stompClient';

/** Places a bet through `api` in the next betting window the watcher sees, then waits for that round to start. */
async function betOnNextRound(
  watcher: Watcher,
  api: string,
  token: string,
  bet: { path: string; body: object },
): Promise<{ gameId: string; betId: string }> {
  const window = () => of(watcher.events, 'GAME_CREATED').findLast((e) => e.data.startsAt - Date.now() > 400);
  await waitUntil(() => window() !== undefined, WINDOW_WAIT_MS, 'a betting window');
  const gameId = window()!.data.gameId;
  const placed = await call<{ betId: string }>(api, 'POST', bet.path, bet.body, { token });
  expect(placed.body.errorMessage).toBeUndefined();
  await waitUntil(() => of(watcher.events, 'GAME_STARTED').some((e) => e.data.gameId === gameId), 15_000, 'the start');
  return { gameId, betId: placed.body.data!.betId };
}

describe.skipIf(!redisAvailable)(
  'failover between engines (needs redis-server: a cluster of engines talks over Redis)',
  () => {
    let pg: PostgresCluster;
    let redis: RedisServer;
    let database: Database;
    let env: Record<string, string>;
    const servers: ServerProcess[] = [];

    const start = async () => {
      const server = await spawnServer({ ...env, ROLE: 'all' }, 150_000, FIXED_CRASH_POINTS);
      servers.push(server);
      return server;
    };
    /** The pid of the process that leads now, from the leadership row. */
    const leaderPid = async () => {
      const [row] = await queryRows<{ holder: string | null }>(database.db, sql`select holder from leadership`);
      return Number(row?.holder?.split(':').at(-1));
    };
    /** Ledger rows crediting one bet more than once (a round settled twice would make some). */
    const doubleCredits = () =>
      queryRows(
        database.db,
        sql`select kind, ref, count(*)::int as n from ledger_entries where kind in ('win', 'void_refund', 'cancel')
          group by kind, ref having count(*) > 1`,
      );

    beforeAll(async () => {
      [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
      env = { DATABASE_URL: await pg.createDatabase('failover'), REDIS_URL: redis.url, LEADER_TIMEOUT_MS: '2000' };
      // Flights of 3 s and 11.6 s in turn: the round killed mid-flight may crash before the standby
      // takes over (it is ended) or after (voided), as a random crash point made it, without a flight of minutes.
      env.CRASH_RATE = '1.2,2';
      Object.assign(env, {
        JWT_SECRET: 'a-secret-every-gateway-of-the-test-shares',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'moonrush-failover-')),
      });
      database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '' });
    }, 60_000);

    // A failure shows what each server logged and the last rounds: leadership and flights are in there.
    afterEach(({ task }) => logFailure(task.result?.state === 'fail', servers, database.db));

    afterAll(async () => {
      for (const server of servers) {
        server.signal('SIGCONT');
        server.signal('SIGKILL');
        await server.exited;
      }
      await database?.close();
      await redis?.stop();
      pg?.stop();
    });

    it('after a SIGKILL of the leader mid-round, the standby leads within 10 s, ends the round if it crashed meanwhile or else voids it and refunds its bets once; its players reconnect through the other gateway', async () => {
      const first = await start();
      await waitUntil(() => first.logs.some((line) => line.includes('leads the rounds')), 30_000, 'a leader');
      const second = await start();
      expect(await leaderPid()).toBe(first.pid);
      const player = await fundedPlayer(second.api, database.db, 10_000);
      const watcher = failoverClient([first.ws, second.ws]);
      try {
        // A bet in the next round, placed through the standby's gateway.
        const { gameId, betId } = await betOnNextRound(watcher, second.api, player.token, {
          path: '/bet/create',
          body: { amount: 1000 },
        });
        first.signal('SIGKILL');
        const killedAt = Date.now();

        await waitUntil(
          () => of(watcher.events, 'GAME_CREATED').some((e) => Number(e.data.gameId) > Number(gameId)),
          10_000,
          'a new round within 10 s of the kill',
        );
        expect(Date.now() - killedAt).toBeLessThan(10_000);
        expect(await leaderPid()).toBe(second.pid);
        expect(watcher.connectedTo.at(-1)).toBe(second.ws);

        const [round] = await queryRows<{ state: string; ended_at: number; started_at: number; full_rate: number }>(
          database.db,
          sql`select state, ended_at::float8 as ended_at, started_at::float8 as started_at, full_rate from rounds where id = ${gameId}`,
        );
        const crashAt = crashInstant(round!.started_at, round!.full_rate);
        const [row] = await queryRows<{ status: string }>(
          database.db,
          sql`select status from bets where id = ${betId}`,
        );
        const refunds = await queryRows(
          database.db,
          sql`select id from ledger_entries where kind = 'void_refund' and ref = ${betId}`,
        );
        // A round whose crash came before the standby took over is ended at its crash instant (by
        // the first leader, or by the standby for it) and the bet is lost; one still flying is voided and refunded once.
        if (round!.state === 'ENDED') {
          expect(round!.ended_at).toBe(Math.round(crashAt));
          expect([row?.status, refunds.length]).toEqual(['CREATED', 0]);
        } else {
          expect(round!.state).toBe('VOID');
          expect(round!.ended_at).toBeLessThan(crashAt);
          expect([row?.status, refunds.length]).toEqual(['VOID', 1]);
        }
        expect(await doubleCredits()).toEqual([]);
        expect(await checkLedger(database.db)).toEqual([]);
      } finally {
        await watcher.client.deactivate();
      }
    }, 400_000);

    it('a paused leader (SIGSTOP, then SIGCONT after the standby took over) changes nothing', async () => {
      const leader = servers.at(-1)!;
      const standby = await start();
      expect(await leaderPid()).toBe(leader.pid);
      const player = await fundedPlayer(standby.api, database.db, 10_000);
      const watcher = failoverClient([standby.ws]);
      try {
        const { gameId } = await betOnNextRound(watcher, standby.api, player.token, {
          path: '/bet/create/auto',
          body: { amount: 1000, rate: 1.01 },
        });
        leader.signal('SIGSTOP');
        await waitUntil(
          () => of(watcher.events, 'GAME_CREATED').some((e) => Number(e.data.gameId) > Number(gameId)),
          60_000,
          'the standby to lead',
        );
        expect(await leaderPid()).toBe(standby.pid);
        const resumedAt = Date.now();
        leader.signal('SIGCONT');
        await waitUntil(
          () => leader.logs.some((line) => /deposed|lost the leader session/.test(line)),
          15_000,
          'the old leader to step down',
        );
        await new Promise((resolve) => setTimeout(resolve, 2000));

        expect(await leaderPid()).toBe(standby.pid);
        // Whatever the old leader had scheduled wrote nothing: one round at most is open, and it is the new leader's.
        const open = await queryRows<{ id: string }>(
          database.db,
          sql`select id from rounds where state in ('CREATED', 'STARTED')`,
        );
        expect(open.length).toBeLessThanOrEqual(1);
        const [paused] = await queryRows<{ state: string }>(
          database.db,
          sql`select state from rounds where id = ${gameId}`,
        );
        expect(['VOID', 'ENDED']).toContain(paused?.state);
        // Every event after the resume is the new leader's: ids never go back.
        const after = watcher.events.filter((e) => 'serverTime' in e.data && (e.data.serverTime as number) > resumedAt);
        const ids = after.map((e) => Number(e.data.gameId));
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        expect(await doubleCredits()).toEqual([]);
        expect(await checkLedger(database.db)).toEqual([]);
      } finally {
        await watcher.client.deactivate();
      }
    }, 400_000);
  },
);
