/**
 * Faults on real PostgreSQL: an outage in the middle of a round, a server killed between voiding
 * a round and refunding its bets, and a wall clock stepped back after a round ended.
 */

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESTINATIONS, type BetWithRound, type GameEvent, type RoundHistoryEntry } from '../../src/shared/protocol';
import { type Db } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { bets, ledgerEntries, rounds } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, fundedPlayer } from './betting';
import { call } from './client';
import { fixedCrashPoints } from './crashPoints';
import { freePort } from './freePort';
import { logStdio } from '../suiteLogs';
import { startServer } from './harness';
import { startPostgres, type PostgresCluster } from './pg';
import { connectStomp, gameEvents, waitUntil } from './stompClient';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls an async check every 100 ms until it holds, or fails after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Places a bet as soon as a round takes bets; returns its id and round. */
async function betOnNextRound(api: string, db: Db, token: string, amount: number) {
  let betId = '';
  let refusal = '';
  await eventually(
    async () => {
      const answer = await call<{ betId: string }>(api, 'POST', '/bet/create', { amount }, { token });
      betId = answer.body.data?.betId ?? '';
      refusal = `${answer.status} ${answer.body.errorMessage}`;
      return answer.status === 200;
    },
    60_000,
    'a round taking bets',
  ).catch((error: Error) => {
    throw new Error(`${error.message} (last answer: ${refusal})`);
  });
  const [row] = await db
    .select({ roundId: bets.roundId })
    .from(bets)
    .where(eq(bets.id, Number(betId)));
  return { betId, roundId: row!.roundId };
}

async function voidRefunds(db: Db, betId: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'void_refund'), eq(ledgerEntries.ref, betId)));
}

describe('faults on PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(() => cluster?.stop());

  it(
    'lives through a 3 s outage mid-round: the abandoned round takes no cash-out, is voided and refunded once, play resumes',
    { timeout: 180_000 },
    async () => {
      const url = await cluster.createDatabase('outage');
      // Short rounds until the player is ready, then rounds that fly for minutes.
      const [quick, long] = [fixedCrashPoints([1.01]), fixedCrashPoints([1000])];
      let flyLong = false;
      const t = await startServer(
        { DATABASE_URL: url, BETTING_MS: '4000', PAUSE_MS: '200', TICK_MS: '50', LOG_LEVEL: 'fatal' },
        { roundSecrets: () => (flyLong ? long : quick)() },
      );
      const stomp = await connectStomp(t.ws, [DESTINATIONS.game]);
      try {
        const { db } = t.server.services.database;
        const player = await fundedPlayer(t.api, db, 5000);
        const game = () => gameEvents(stomp, DESTINATIONS.game);
        const created = () => game().filter((e) => e.eventType === 'GAME_CREATED').length;
        flyLong = true;
        const before = created();
        await waitUntil(() => created() > before, 30_000, 'a round drawn after the switch');
        const { betId, roundId } = await betOnNextRound(t.api, db, player.token, 1000);
        await waitUntil(
          () => game().some((e) => e.eventType === 'GAME_RATE' && e.data.gameId === String(roundId)),
          30_000,
          'the round in flight',
        );

        cluster.down();
        await sleep(3000);
        cluster.up();
        const back = Date.now();

        const late = await call(t.api, 'POST', '/bet/refund', { betId }, { token: player.token });
        expect(late.status).toBe(409);
        await eventually(
          async () => (await db.select().from(rounds).where(eq(rounds.id, roundId)))[0]?.state === 'VOID',
          10_000,
          'the abandoned round voided',
        );
        expect(await voidRefunds(db, betId)).toHaveLength(1);
        expect(await balanceOf(db, player.id)).toBe(5000n);
        // The row is VOID before GAME_VOIDED goes out: wait for the event to arrive.
        await waitUntil(() => game().some((e) => e.eventType === 'GAME_VOIDED'), 10_000, 'GAME_VOIDED');
        const voided = game().find((e) => e.eventType === 'GAME_VOIDED');
        expect(voided?.data).toMatchObject({ gameId: String(roundId), fullRate: 1000 });
        await waitUntil(
          () => game().some((e) => e.eventType === 'GAME_STARTED' && Number(e.data.gameId) > roundId),
          Math.max(0, 10_000 - (Date.now() - back)),
          'play to resume within 10 s',
        );

        const [row] = await db.select().from(rounds).where(eq(rounds.id, roundId));
        const last = await call<RoundHistoryEntry[]>(t.api, 'GET', '/game/last');
        expect(last.body.data!.find((r) => r.gameId === String(roundId))).toEqual({
          gameId: String(roundId),
          rate: 1000,
          fullRate: 1000,
          hash: row!.hash,
          salt: row!.salt,
          time: row!.endedAt,
          voided: true,
          // The root of the round's settlements (docs/provably-fair.md "Settlement roots").
          settlementRoot: expect.stringMatching(/^[0-9a-f]{64}$/),
        });
        const history = await call<{ betHistory: BetWithRound[] }>(t.api, 'GET', '/bet/history', undefined, {
          token: player.token,
        });
        expect(history.body.data!.betHistory[0]).toMatchObject({ betId, status: 'VOID', gameSalt: row!.salt });
        expect(await checkLedger(db)).toEqual([]);
      } finally {
        await stomp.close();
        await t.close();
      }
    },
  );

  it(
    'judges a cash-out on a monotonic clock: a wall clock stepped back does not reopen an ended round',
    { timeout: 120_000 },
    async () => {
      const url = await cluster.createDatabase('clock');
      const t = await startServer(
        { DATABASE_URL: url, BETTING_MS: '3000', PAUSE_MS: '20000', TICK_MS: '50' },
        { roundSecrets: fixedCrashPoints([1.2]) },
      );
      const stomp = await connectStomp(t.ws, [DESTINATIONS.game]);
      try {
        const { db } = t.server.services.database;
        const player = await fundedPlayer(t.api, db, 5000);
        const { betId, roundId } = await betOnNextRound(t.api, db, player.token, 1000);
        await waitUntil(
          () =>
            gameEvents(stomp, DESTINATIONS.game).some(
              (e: GameEvent) => e.eventType === 'GAME_ENDED' && e.data.gameId === String(roundId),
            ),
          30_000,
          'the crash',
        );
        const wall = Date.now.bind(Date);
        vi.spyOn(Date, 'now').mockImplementation(() => wall() - 60_000);
        try {
          const late = await call(t.api, 'POST', '/bet/refund', { betId }, { token: player.token });
          expect(late.status).toBe(409);
        } finally {
          vi.restoreAllMocks();
        }
        expect(await balanceOf(db, player.id)).toBe(4000n);
      } finally {
        await stomp.close();
        await t.close();
      }
    },
  );

  it(
    'a server killed between voiding a round and refunding its bets leaves no stake locked after a restart',
    { timeout: 300_000 },
    async () => {
      const url = await cluster.createDatabase('sigkill');
      const port = await freePort();
      const api = `http://127.0.0.1:${port}/api/v1`;
      const env = {
        ...process.env,
        ...{ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'warn' },
        ...{
          BETTING_MS: '30000',
          PAUSE_MS: '200',
          TICK_MS: '100',
          JWT_SECRET: 'a test secret of at least thirty-two chars',
        },
        ...{ RATE_LIMIT_AUTH_IP: '100000', RATE_LIMIT_AUTH_LOGIN: '100000' },
      };
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      const children: ChildProcess[] = [];
      const serve = async () => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: logStdio() });
        children.push(child);
        await eventually(async () => (await fetch(`${api}/health`)).ok, 120_000, 'the server to listen');
        return child;
      };
      const exited = (child: ChildProcess) =>
        new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
      try {
        const first = await serve();
        const database = await openDatabase({ databaseUrl: url, dataDir: '' });
        const { db } = database;
        try {
          const player = await fundedPlayer(api, db, 5000);
          // The fault: the refund of a voided bet hangs, so the server is killed in the middle of voiding.
          await sql.unsafe(`
            CREATE FUNCTION hang_refunds() RETURNS trigger AS $$
            BEGIN IF NEW.kind = 'void_refund' THEN PERFORM pg_sleep(120); END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
            CREATE TRIGGER hang_refunds BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION hang_refunds();`);
          const { betId, roundId } = await betOnNextRound(api, db, player.token, 1000);
          // A stop voids the round taking bets (30 s windows) and refunds its bets.
          first.kill('SIGTERM');
          await eventually(
            async () => (await sql`select 1 from pg_stat_activity where wait_event = 'PgSleep'`).length > 0,
            30_000,
            'the refund to hang',
          );
          first.kill('SIGKILL');
          await exited(first);
          // PostgreSQL ends the dead client's session, rolling back what it had not committed.
          await sql`select pg_terminate_backend(pid) from pg_stat_activity where wait_event = 'PgSleep'`;
          await sql.unsafe('DROP TRIGGER hang_refunds ON ledger_entries; DROP FUNCTION hang_refunds();');

          const second = await serve();
          await eventually(
            async () => (await db.select().from(rounds).where(eq(rounds.id, roundId)))[0]?.state === 'VOID',
            30_000,
            'the restart to void the round',
          );
          await eventually(async () => (await voidRefunds(db, betId)).length > 0, 10_000, 'the refund');
          const check = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], { env }).catch(
            (error: { stdout: string }) => error,
          );
          expect(check.stdout).toContain('ledger check ok');
          expect(await voidRefunds(db, betId)).toHaveLength(1);
          expect(await balanceOf(db, player.id)).toBe(5000n);
          second.kill('SIGTERM');
          await exited(second);
        } finally {
          await database.close();
        }
      } finally {
        for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
        await sql.end();
      }
    },
  );
});
