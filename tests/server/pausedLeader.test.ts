import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crashInstant, shownRate } from '../../src/shared/growth';
import { queryRows, type Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { checkLedger } from '../../src/server/ledger/check';
import { fundedPlayer } from './betting';
import { call } from './client';
import { failoverClient, logFailure, of, roundCrashingAt, type Watcher } from './clusterWatch';
import { startPostgres, type PostgresCluster } from './pg';
import { redisAvailable, startRedis, type RedisServer } from './redis';
import { FIXED_CRASH_POINTS, spawnServer, type ServerProcess } from './serverProcess';
import { waitUntil } from './stompClient';

const TICK_MS = 100;
const PAUSED = 'The round is paused: the game server is not answering. Try again in a moment.';

type Player = Awaited<ReturnType<typeof fundedPlayer>>;

describe.skipIf(!redisAvailable)('a paused leader hands nobody a free option (needs redis-server)', () => {
  let pg: PostgresCluster;
  let redis: RedisServer;
  let database: Database;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  let gateway: ServerProcess;
  let watcher: Watcher;

  const start = async (role: 'all' | 'gateway') => {
    const server = await spawnServer({ ...env, ROLE: role }, 150_000, FIXED_CRASH_POINTS);
    servers.push(server);
    return server;
  };
  const leadsNow = (server: ServerProcess) =>
    waitUntil(() => server.logs.some((line) => line.includes('leads the rounds')), 60_000, 'a leader');
  const place = async (player: Player, path: string, body: object) => {
    const answer = await call<{ betId: string }>(gateway.api, 'POST', path, body, { token: player.token });
    expect(answer.body.errorMessage).toBeUndefined();
    return answer.body.data!.betId;
  };
  const cashOut = (player: Player, betId: string) =>
    call<{ rate: number }>(gateway.api, 'POST', '/bet/refund', { betId }, { token: player.token });
  const betRows = (ids: string[]) =>
    queryRows<{ id: string; status: string; rate: number | null; win_amount: string | null }>(
      database.db,
      sql`select id::text, status, rate, win_amount::text from bets where id in ${sql.raw(`(${ids.join(',')})`)} order by id`,
    );
  const refundsOf = (ids: string[]) =>
    queryRows<{ ref: string }>(
      database.db,
      sql`select ref from ledger_entries where kind = 'void_refund' and ref in ${sql.raw(`('${ids.join("','")}')`)} order by ref`,
    );
  /** The instant the round crashes, from its GAME_STARTED. */
  const crashOf = async (gameId: string, fullRate: number) => {
    await waitUntil(
      () => of(watcher.events, 'GAME_STARTED').some((e) => e.data.gameId === gameId),
      15_000,
      'the start',
    );
    return crashInstant(
      of(watcher.events, 'GAME_STARTED').find((e) => e.data.gameId === gameId)!.data.startedAt,
      fullRate,
    );
  };
  /** Waits until the gateway's players have heard nothing for more than 3 ticks. */
  const silence = () =>
    waitUntil(() => Date.now() - (watcher.arrivals.at(-1) ?? 0) > 4 * TICK_MS, 5000, 'the leader to fall silent');

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    env = {
      DATABASE_URL: await pg.createDatabase('paused'),
      REDIS_URL: redis.url,
      LEADER_TIMEOUT_MS: '2000',
      // Every round flies to x3 (18.3 s): long enough for either test, and a window is never far.
      CRASH_RATE: '3',
      BETTING_MS: '3000',
      TICK_MS: String(TICK_MS),
      JWT_SECRET: 'a-secret-every-gateway-of-the-test-shares',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'moonrush-paused-')),
    };
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '' });
    await leadsNow(await start('all'));
    gateway = await start('gateway');
    watcher = failoverClient([gateway.ws]);
  }, 300_000);

  afterEach(({ task }) => logFailure(task.result?.state === 'fail', servers, database.db));

  afterAll(async () => {
    await watcher?.client.deactivate();
    for (const server of servers) {
      server.signal('SIGCONT');
      server.signal('SIGKILL');
      await server.exited;
    }
    await database?.close();
    await redis?.stop();
    pg?.stop();
  });

  it('the gateway takes no cash-out while the leader is silent, and the next leader ends the round it left flying past its crash: auto cash-outs paid at their targets, the rest lost, GAME_ENDED with the secret', async () => {
    const leader = servers[0]!;
    const [one, two] = await Promise.all([
      fundedPlayer(gateway.api, database.db, 10_000),
      fundedPlayer(gateway.api, database.db, 10_000),
    ]);
    // A flight of 6.7 s at least: room to pause the leader and try a cash-out before the crash.
    const { gameId, fullRate } = await roundCrashingAt(watcher, database.db, (rate) => rate >= 1.5 && rate <= 5);
    const target = Math.floor((1 + fullRate) * 50) / 100;
    const early = await place(one, '/bet/create', { amount: 1000 });
    const lost = await place(one, '/bet/create', { amount: 1000 });
    const auto = await place(two, '/bet/create/auto', { amount: 1000, rate: target });
    const crashAt = await crashOf(gameId, fullRate);
    await waitUntil(() => of(watcher.events, 'GAME_RATE').some((e) => e.data.gameId === gameId), 5000, 'a tick');
    expect((await cashOut(one, early)).body.errorMessage).toBeUndefined();

    leader.signal('SIGSTOP');
    await silence();
    expect(Date.now()).toBeLessThan(crashAt - 500);
    expect((await cashOut(one, lost)).body.errorMessage).toBe(PAUSED);
    await waitUntil(() => Date.now() > crashAt + 200, 30_000, 'the crash instant');
    const late = await cashOut(one, lost);
    expect([late.status, late.body.errorMessage]).toEqual([409, PAUSED]);

    // A standby comes up after the crash, and leads once the paused leader's session has timed out.
    await leadsNow(await start('all'));
    await waitUntil(
      () =>
        [...of(watcher.events, 'GAME_ENDED'), ...of(watcher.events, 'GAME_VOIDED')].some(
          (e) => e.data.gameId === gameId,
        ),
      30_000,
      'the new leader to close the round',
    );
    const [round] = await queryRows<{ salt: string; hash: string }>(
      database.db,
      sql`select salt, hash from rounds where id = ${gameId}`,
    );
    expect(of(watcher.events, 'GAME_ENDED').find((e) => e.data.gameId === gameId)?.data).toEqual({
      gameId,
      rate: shownRate(fullRate),
      fullRate,
      hash: round!.hash,
      salt: round!.salt,
      time: Math.round(crashAt),
      // The root of the round's settlements (docs/provably-fair.md "Settlement roots").
      settlementRoot: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const [earlyRow, lostRow, autoRow] = await betRows([early, lost, auto]);
    expect(earlyRow?.status).toBe('CASHED_OUT');
    expect(lostRow).toMatchObject({ status: 'CREATED', rate: null, win_amount: null });
    expect(autoRow).toMatchObject({
      status: 'CASHED_OUT',
      rate: Math.round(target * 100),
      win_amount: String(Math.round(target * 1000)),
    });
    expect(await refundsOf([early, lost, auto])).toEqual([]);
    expect(await checkLedger(database.db)).toEqual([]);
  }, 600_000);

  it('a round still before its crash when the next leader takes over is voided, and its bets refunded once', async () => {
    const leader = servers.at(-1)!;
    await start('all');
    const [one, two] = await Promise.all([
      fundedPlayer(gateway.api, database.db, 10_000),
      fundedPlayer(gateway.api, database.db, 10_000),
    ]);
    // A flight of 18 s at least: the standby takes over within a few seconds of the pause.
    const { gameId, fullRate } = await roundCrashingAt(watcher, database.db, (rate) => rate >= 3);
    const plain = await place(one, '/bet/create', { amount: 1000 });
    const auto = await place(two, '/bet/create/auto', { amount: 1000, rate: 2.5 });
    const crashAt = await crashOf(gameId, fullRate);
    leader.signal('SIGSTOP');
    await silence();
    expect((await cashOut(one, plain)).body.errorMessage).toBe(PAUSED);
    await waitUntil(
      () =>
        [...of(watcher.events, 'GAME_ENDED'), ...of(watcher.events, 'GAME_VOIDED')].some(
          (e) => e.data.gameId === gameId,
        ),
      30_000,
      'the new leader to close the round',
    );
    const [round] = await queryRows<{ state: string; ended_at: number }>(
      database.db,
      sql`select state, ended_at::float8 as ended_at from rounds where id = ${gameId}`,
    );
    expect(round?.state).toBe('VOID');
    expect(round!.ended_at).toBeLessThan(crashAt);
    expect((await betRows([plain, auto])).map((bet) => bet.status)).toEqual(['VOID', 'VOID']);
    expect((await refundsOf([plain, auto])).map((row) => row.ref)).toEqual([plain, auto].sort());
    expect(await checkLedger(database.db)).toEqual([]);
  }, 600_000);
});
