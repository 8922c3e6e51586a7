/**
 * The console in a cluster: a maintenance pause (docs/ops.md "Pause") made through one gateway holds
 * on the other gateway and on the leading engine (no round is created), until resumed through the
 * other; the errors of the last hour a gateway shows are every process's, the engine's too.
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { addOperator } from '../../src/server/ops/operators';
import { MAINTENANCE_DESTINATION, type OpsSession } from '../../src/shared/ops';
import { DESTINATIONS, type GameEvent } from '../../src/shared/protocol';
import { call } from './client';
import { logFailure } from './clusterWatch';
import { totpCode } from './opsClient';
import { startPostgres, type PostgresCluster } from './pg';
import { redisAvailable, startRedis, type RedisServer } from './redis';
import { FIXED_CRASH_POINTS, spawnServer, type ServerProcess } from './serverProcess';
import { connectStomp, waitUntil, type StompTestClient } from './stompClient';

describe.skipIf(!redisAvailable)('a pause holds across the cluster (needs redis-server)', () => {
  let pg: PostgresCluster;
  let redis: RedisServer;
  let database: Database;
  const servers: ServerProcess[] = [];
  const watchers: StompTestClient[] = [];
  /** The operator signed in by the first test, for the next. */
  let token = '';

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    const env = {
      DATABASE_URL: await pg.createDatabase('ops_cluster'),
      REDIS_URL: redis.url,
      JWT_SECRET: 'a-secret-every-gateway-of-the-test-shares',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'moonrush-ops-cluster-')),
      // Every round flies to x1.5 (6.8 s): the test waits for a start and for a crash.
      CRASH_RATE: '1.5',
    };
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '' });
    const engine = await spawnServer({ ...env, ROLE: 'engine' }, 150_000, FIXED_CRASH_POINTS);
    servers.push(engine);
    await waitUntil(() => engine.logs.some((line) => line.includes('leads the rounds')), 60_000, 'a leader');
    servers.push(
      ...(await Promise.all([spawnServer({ ...env, ROLE: 'gateway' }), spawnServer({ ...env, ROLE: 'gateway' })])),
    );
  }, 300_000);

  afterEach(({ task }) => logFailure(task.result?.state === 'fail', servers, database.db));

  afterAll(async () => {
    await Promise.all(watchers.map((w) => w.close()));
    for (const server of servers) server.signal('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
    await redis?.stop();
    pg?.stop();
  });

  it('paused through one gateway: the other tells its players and the leader creates no round until resumed', async () => {
    const [, a, b] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const { password, totpSecret } = await addOperator(database.db, 'lead@ops.example', 'admin');
    const signIn = await call<OpsSession>(a.api, 'POST', '/ops/auth', {
      email: 'lead@ops.example',
      password,
      totp: totpCode(totpSecret),
    });
    token = signIn.body.data!.token;
    const onB = await connectStomp(b.ws, [DESTINATIONS.game, MAINTENANCE_DESTINATION]);
    watchers.push(onB);
    const events = () => onB.received.get(DESTINATIONS.game) as GameEvent[];
    const notices = () => onB.received.get(MAINTENANCE_DESTINATION)!.map((n) => JSON.stringify(n));
    // A round already flying when B's subscription began is seen only from the next one, after its crash.
    await waitUntil(() => events().some((e) => e.eventType === 'GAME_STARTED'), 30_000, 'a round in flight');
    await waitUntil(() => notices().at(-1) === '{"paused":false}', 5000, 'the notice of no pause');

    expect((await call(a.api, 'POST', '/ops/pause', { reason: 'node upgrade' }, { token })).status).toBe(200);
    await waitUntil(() => notices().at(-1) === '{"paused":true,"reason":"node upgrade"}', 5000, 'the notice on B');
    const status = await call(b.api, 'GET', '/game/status');
    expect(status.body.data).toEqual({ maintenance: { paused: true, reason: 'node upgrade' } });
    // The operator's session works on every gateway.
    const state = await call<{ paused: { by: string } }>(b.api, 'GET', '/ops/state', undefined, { token });
    expect(state.body.data!.paused.by).toBe('lead@ops.example');

    // The round in flight ends as usual; after it, a betting window and a pause between rounds pass without a new round.
    const flying = events().findLast((e) => e.eventType === 'GAME_STARTED')!.data.gameId;
    await waitUntil(
      () => events().some((e) => e.eventType === 'GAME_ENDED' && e.data.gameId === flying),
      30_000,
      'the crash',
    );
    const after = events().length;
    await new Promise((resolve) => setTimeout(resolve, 1500 + 300 + 1500));
    expect(
      events()
        .slice(after)
        .map((e) => e.eventType),
    ).toEqual([]);
    expect(events().some((e) => e.eventType === 'GAME_VOIDED')).toBe(false);

    expect((await call(b.api, 'POST', '/ops/resume', undefined, { token })).status).toBe(200);
    await waitUntil(
      () =>
        events()
          .slice(after)
          .some((e) => e.eventType === 'GAME_CREATED'),
      10_000,
      'a round after resume',
    );
    await waitUntil(() => notices().at(-1) === '{"paused":false}', 5000, 'the end of the notice');
  }, 420_000);

  it("shows on a gateway the errors every process logged, the engine's included", async () => {
    const [engine, , b] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const errorLines = (server: ServerProcess) => server.logs.filter((line) => /"level":(50|60)\b/.test(line)).length;
    // A short database outage: the engine's round step fails and it logs an error.
    const before = errorLines(engine);
    pg.down();
    try {
      await waitUntil(() => errorLines(engine) > before, 20_000, 'an error logged by the engine');
    } finally {
      pg.up();
    }
    // Each process reports within 5 s: the gateway's figure comes to the sum of every error line logged.
    const total = () => servers.reduce((sum, server) => sum + errorLines(server), 0);
    const shown = async () =>
      (await call<{ errorsLastHour: number }>(b.api, 'GET', '/ops/state', undefined, { token })).body.data
        ?.errorsLastHour;
    const deadline = Date.now() + 30_000;
    let figure = await shown();
    while (figure !== total() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      figure = await shown();
    }
    expect(figure).toBe(total());
    expect(figure).toBeGreaterThan(errorLines(b));
  }, 120_000);
});
