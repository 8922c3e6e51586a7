/**
 * A server short of CPU does not pause its own rounds (docs/architecture.md, the leader's pulse): one
 * process runs the engine and takes cash-outs; it is stopped (SIGSTOP, as a starved process stands
 * still) while a round flies and a cash-out is sent, then resumed. The tick that was due runs first
 * and waits for the database before it publishes its GAME_RATE, so the cash-out is read while the
 * last GAME_RATE is older than three ticks: before, the process refused its own player as if its
 * leader were gone. The cash-out is judged at the instant it was read, like any other.
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, GameInfo } from '../../src/shared/protocol';
import type { Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { fundedPlayer } from './betting';
import { call } from './client';
import { startPostgres, type PostgresCluster } from './pg';
import { FIXED_CRASH_POINTS, spawnServer, type ServerProcess } from './serverProcess';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a leader short of CPU', () => {
  let pg: PostgresCluster;
  let database: Database;
  let server: ServerProcess;

  beforeAll(async () => {
    pg = await startPostgres();
    const databaseUrl = await pg.createDatabase('starved');
    // Every round flies to x3 (about 18 s): time to stop the process mid-flight.
    const env = {
      ...{ DATABASE_URL: databaseUrl, CRASH_RATE: '3', BETTING_MS: '2000', TICK_MS: '100' },
      DATA_DIR: mkdtempSync(join(tmpdir(), 'moonrush-starved-')),
    };
    server = await spawnServer(env, 150_000, FIXED_CRASH_POINTS);
    database = await openDatabase({ databaseUrl, dataDir: '' });
  }, 180_000);

  afterAll(async () => {
    server?.signal('SIGCONT');
    server?.signal('SIGKILL');
    await server?.exited;
    await database?.close();
    pg?.stop();
  });

  const info = async () => ((await (await fetch(`${server.api}/game/info`)).json()) as Envelope<GameInfo>).data!;
  const until = async (check: (round: GameInfo) => boolean) => {
    for (let tries = 0; tries < 600; tries++) {
      const round = await info();
      if (check(round)) return round;
      await sleep(100);
    }
    throw new Error('the round never reached the state the test waits for');
  };

  it('takes its own player’s cash-out sent while it stood still', { timeout: 120_000 }, async () => {
    const player = await fundedPlayer(server.api, database.db, 10_000);
    const { gameId } = await until((round) => round.gameState === 'CREATED');
    const placed = await call<{ betId: string }>(
      server.api,
      'POST',
      '/bet/create',
      { amount: 1000 },
      { token: player.token },
    );
    expect(placed.body.errorMessage).toBeUndefined();
    await until((round) => round.gameId === gameId && round.gameState === 'STARTED');
    await sleep(1000);

    server.signal('SIGSTOP');
    const answer = call<{ rate: number }>(
      server.api,
      'POST',
      '/bet/refund',
      { betId: placed.body.data!.betId },
      { token: player.token },
    );
    await sleep(1000);
    server.signal('SIGCONT');
    const { status, body } = await answer;
    expect([status, body.errorMessage]).toEqual([200, undefined]);
    expect(body.data!.rate).toBeGreaterThan(1);
    expect(body.data!.rate).toBeLessThan(3);
  });
});
