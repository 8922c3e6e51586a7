/**
 * `npm run bench:betting [-- --rates 250,500,1000,1500 --seconds 10 --db postgres,pglite --via tcp|socket --profile --pg-stats
 *   --players 5000 --mix game|pairs --history 0 --limits]`:
 * betting at speed. For each database (a throwaway PostgreSQL from tests/server/pg.ts, then PGlite on disk as
 * `npm start` uses it) it funds players, starts the game server as a child process (production
 * settings, fixed 2 s flights, the per-IP bet limit raised because all players share loopback)
 * and drives it from this process at each offered rate (bettingLoad.ts). Then it stops the server,
 * times ticks settling 1,000 auto cash-outs each and runs the ledger audit. `--via socket` has the
 * server reach PostgreSQL over its Unix socket instead of TCP on loopback. `--mix pairs` has each
 * player alternate a bet and its cancel (bettingLoad.ts), `--history N` gives every player N settled
 * bets of the last year before the run, and `--limits` gives every player a daily, weekly and
 * monthly wager and loss limit far above what the run stakes: whether a move's cost grows with a
 * player's past.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { msToRate, rateAt } from '../../src/shared/growth';
import { MAX_ACTIVE_BETS_PER_ROUND } from '../../src/shared/constants';
import { LocalBus } from '../../src/server/bus/LocalBus';
import { queryRows, type Db } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { accounts, playerLimits } from '../../src/server/db/schema';
import { LIMIT_NAMES, limitOf } from '../../src/shared/wire/limitNames';
import { Tokens } from '../../src/server/auth/Tokens';
import { createMetrics } from '../../src/server/metrics';
import { creditMany } from '../../src/server/betting/balance';
import { placeBet } from '../../src/server/betting/bets';
import { BetSettler } from '../../src/server/betting/BetSettler';
import { checkLedger } from '../../src/server/ledger/check';
import type { LiveRound } from '../../src/server/game/RoundListener';
import { insertRound, markEnded, markStarted } from '../../src/server/game/rounds';
import { freePort } from '../server/freePort';
import { startPostgres, type PostgresCluster } from '../server/pg';
import { BettingLoad, type Mix, type Player, type RateResult } from './bettingLoad';
import { cpuSeconds } from './cpu';
import { waitForServer } from './serverWatch';

const { values } = parseArgs({
  options: {
    rates: { type: 'string', default: '250,500,1000,1500' },
    seconds: { type: 'string', default: '10' },
    players: { type: 'string', default: '5000' },
    db: { type: 'string', default: 'postgres,pglite' },
    profile: { type: 'boolean', default: false },
    'pg-stats': { type: 'boolean', default: false },
    /** The server reaches PostgreSQL over TCP on loopback (as from another host) or over its Unix socket. */
    via: { type: 'string', default: 'tcp' },
    mix: { type: 'string', default: 'game' },
    history: { type: 'string', default: '0' },
    limits: { type: 'boolean', default: false },
  },
});
const rates = values.rates.split(',').map(Number);
const seconds = Number(values.seconds);
const PLAYERS = Number(values.players);
const FLIGHT_MS = 2000;
const CRASH_RATE = rateAt(FLIGHT_MS);
const JWT_SECRET = 'bench-betting-secret-0123456789abcdefghij';
const TICK_BETS = 1000;
/** Rounds whose tick of TICK_BETS auto cash-outs is timed, one after another. */
const TICKS = 10;
/** Untimed ticks before them, after the connection's first. */
const WARM_TICKS = 3;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Accounts funded with 10,000 coins each through the ledger (one deposit row each), and their access tokens. */
async function fundPlayers(db: Db): Promise<Player[]> {
  const tokens = new Tokens(db, new TextEncoder().encode(JWT_SECRET));
  const players: Player[] = [];
  const now = Date.now();
  for (let from = 0; from < PLAYERS; from += 1000) {
    const rows = await db
      .insert(accounts)
      .values(
        Array.from({ length: Math.min(1000, PLAYERS - from) }, (_, i) => ({
          nickname: `bench_${from + i}`,
          referralCode: `bench${from + i}`,
          createdAt: now,
        })),
      )
      .returning({ id: accounts.id, wallet: accounts.wallet, nickname: accounts.nickname });
    await db.transaction((tx) =>
      creditMany(
        tx,
        rows.map((row) => ({ accountId: row.id, delta: 1_000_000n, kind: 'deposit' as const, ref: `bench-${row.id}` })),
      ),
    );
    for (const row of rows) players.push({ id: row.id, token: (await tokens.startSession(row)).access });
  }
  return players;
}

/**
 * Every player's past: `perPlayer` settled bets of one coin (lost by hand, or cashed out at x2)
 * spread over the last year, in one round that crashed at x10, booked as the game books them
 * (move_balances: the stake, and the win of a cashed-out one).
 */
async function seedHistory(db: Db, players: Player[], perPlayer: number): Promise<void> {
  if (perPlayer === 0) return;
  const now = Date.now();
  const round = await insertRound(db, {
    hash: `history-${now}`,
    fullRate: 10,
    salt: 's',
    createdAt: now,
    startsAt: now,
  });
  await markStarted(db, round, now);
  await markEnded(db, round, now, 1000);
  const step = Math.floor((365 * 86_400_000) / perPlayer);
  for (const { id } of players)
    await db.execute(sql`
      WITH placed AS (
        INSERT INTO bets (round_id, account_id, amount, status, cashout_at, rate, win_amount, created_at, settled_at)
        SELECT ${round}, ${id}, 100, CASE WHEN n % 2 = 0 THEN 'CASHED_OUT' ELSE 'CREATED' END,
               CASE WHEN n % 2 = 0 THEN 200 ELSE 100000 END, CASE WHEN n % 2 = 0 THEN 200 END,
               CASE WHEN n % 2 = 0 THEN 200 END, ${now} - n * ${step}::bigint, ${now} - n * ${step}::bigint
        FROM generate_series(1, ${perPlayer}) n
        RETURNING id, amount, win_amount),
      moves AS (
        SELECT id, 0 AS leg, -amount AS delta, 'bet' AS kind FROM placed
        UNION ALL SELECT id, 1, win_amount, 'win' FROM placed WHERE win_amount IS NOT NULL)
      SELECT count(*) FROM move_balances(
        (SELECT array_agg(${id}::bigint ORDER BY id, leg) FROM moves), (SELECT array_agg(delta ORDER BY id, leg) FROM moves),
        (SELECT array_agg(kind ORDER BY id, leg) FROM moves), (SELECT array_agg(id::text ORDER BY id, leg) FROM moves), ${now})`);
  await db.execute(sql`ANALYZE bets`);
}

/** Every player's own wager and loss limits of each period, far above what a run stakes (a refusal would end its bets). */
async function setLimits(db: Db, players: Player[]): Promise<void> {
  const names = LIMIT_NAMES.filter((name) => limitOf(name).kind !== 'deposit');
  await db
    .insert(playerLimits)
    .values(
      players.flatMap((player) => names.map((name) => ({ accountId: player.id, name, amount: 1_000_000_000_000 }))),
    );
}

/** A round holding `count` open auto bets at x1.50 that one tick at x1.50 pays, from players two bets each. */
async function dueRound(db: Db, players: Player[]): Promise<LiveRound> {
  const outlet = { bus: new LocalBus(), metrics: createMetrics() };
  const now = Date.now();
  const hash = `tick-${now}`;
  const id = await insertRound(db, { hash, fullRate: 100, salt: 's', createdAt: now, startsAt: now });
  const betting = { db, ...outlet, maxWin: 1_000_000_000 };
  for (let i = 0; i < TICK_BETS; i += 50)
    await Promise.all(
      Array.from({ length: 50 }, (_, j) => {
        const player = players[Math.floor((i + j) / 2) % players.length]!;
        return placeBet(betting, { id: player.id, wallet: null, nickname: 'tick' }, 1000, 150);
      }),
    );
  const startedAt = Date.now() - Math.ceil(msToRate(1.5));
  await markStarted(db, id, startedAt);
  return { id, hash, fullRate: 100, salt: 's', startsAt: now, startedAt, maxRoundProfit: null, limitRate: null };
}

/** Times the settler's tick at x1.50 of a due round on `tickDb`, checks it left nothing unpaid and ends the round. */
async function timeTick(db: Db, tickDb: Db, players: Player[]): Promise<number> {
  const round = await dueRound(db, players);
  const settler = new BetSettler(tickDb, { bus: new LocalBus(), metrics: createMetrics() });
  const t0 = performance.now();
  await settler.roundTick(round, 1.5);
  const ms = performance.now() - t0;
  const [open] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM bets WHERE round_id = ${round.id} AND status = 'CREATED'`,
  );
  if (open!.n !== 0) throw new Error(`the tick left ${open!.n} auto cash-outs unpaid`);
  await markEnded(db, round.id, Date.now(), 10000);
  return ms;
}

/**
 * Times ticks as a running server has them. They run on one connection of their own: its first
 * tick is a connection's first (PostgreSQL compiles pay_due, plans it and fills its caches then),
 * and after WARM_TICKS more untimed ones it stands where every connection of a server's pool
 * stands once rounds have flown for a while (ten ticks a second).
 */
async function timeTicks(db: Db, tickDb: Db, players: Player[], kind: string): Promise<void> {
  const first = await timeTick(db, tickDb, players);
  for (let i = 0; i < WARM_TICKS; i++) await timeTick(db, tickDb, players);
  const ticks = [];
  for (let i = 0; i < TICKS; i++) ticks.push(await timeTick(db, tickDb, players));
  const sorted = ticks.toSorted((a, b) => a - b);
  console.log(
    `${kind}: one tick settling ${TICK_BETS} auto cash-outs, ${TICKS} rounds: median ${percentile(sorted, 0.5).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${ticks.map((ms) => ms.toFixed(1)).join(', ')}); a connection's first: ${first.toFixed(1)} ms; load ${loadAverage()}`,
  );
}

interface Row {
  database: string;
  result: RateResult;
  serverCpu: number;
  pgCpu: number | null;
  /** This process's CPU: the load itself, on the same two cores. */
  loadCpu: number;
  load: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

function printRow({ database, result, serverCpu, pgCpu, loadCpu, load }: Row): void {
  const ops = Object.values(result.done).reduce((a, b) => a + b, 0);
  const errors = Object.entries(result.statuses).filter(([status]) => status !== '200');
  const perThousand = (cpu: number) => ((cpu / ops) * 1000).toFixed(2);
  console.log(
    [
      `${database.padEnd(8)} offered ${String(result.offered).padStart(4)}/s`,
      `achieved ${(ops / result.wallSeconds).toFixed(0).padStart(4)}/s`,
      `(${ops} answered 200 in ${result.wallSeconds.toFixed(1)} s from the first send to the last answer, ${result.activeSeconds} s of them open for operations: create ${result.done.create}, auto ${result.done.auto}, cancel ${result.done.cancel}, cash-out ${result.done.cashout}; skipped ${result.skipped})`,
      `p50 ${percentile(result.latencies, 0.5).toFixed(1)} ms p99 ${percentile(result.latencies, 0.99).toFixed(1)} ms max ${(result.latencies.at(-1) ?? NaN).toFixed(1)} ms`,
      `errors ${errors.length === 0 ? 'none' : errors.map(([s, n]) => `${s}: ${n}`).join(', ')}`,
      `server CPU ${perThousand(serverCpu)} s/1000 ops${pgCpu === null ? '' : `, PostgreSQL CPU ${perThousand(pgCpu)} s/1000 ops`}, load process CPU ${perThousand(loadCpu)} s/1000 ops`,
      `load ${load}`,
    ].join('; '),
  );
}

async function bench(kind: 'postgres' | 'pglite'): Promise<Row[]> {
  const pgStats = values['pg-stats'] && kind === 'postgres';
  let cluster: PostgresCluster | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-bench-'));
  let databaseUrl = '';
  if (kind === 'postgres') {
    cluster = await startPostgres(
      pgStats ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'] : [],
    );
    databaseUrl = await cluster.createDatabase('bench');
    if (values.via === 'socket') databaseUrl += `?host=${cluster.socketFolder}`;
  }
  const settings = { databaseUrl, dataDir };
  let database = await openDatabase(settings);
  if (pgStats) await database.db.execute(sql`CREATE EXTENSION pg_stat_statements`);
  const players = await fundPlayers(database.db);
  await seedHistory(database.db, players, Number(values.history));
  if (values.limits) await setLimits(database.db, players);
  if (kind === 'pglite') await database.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const flags = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(dataDir, 'profile')}`] : [];
  const server = spawn(process.execPath, [...flags, '--import', 'tsx', 'tests/bench/bettingServer.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      BETTING_MS: '6000',
      PAUSE_MS: '500',
      CRASH_RATE: String(CRASH_RATE),
      RATE_LIMIT_BET_IP: '10000000',
      // Every player comes from loopback: lift the per-address connection cap above them.
      HTTP_MAX_PER_ADDRESS: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const rows: Row[] = [];
  try {
    await waitForServer(base);
    const load = new BettingLoad(base, players, FLIGHT_MS, values.mix as Mix);
    await load.connect();
    // Warm-up, not counted: the JIT, the pools, and every player's token verified once.
    await load.run(Math.min(...rates), 4);
    if (pgStats) await database.db.execute(sql`SELECT pg_stat_statements_reset()`);
    for (const rate of rates) {
      const server0 = cpuSeconds(server.pid!, false);
      const pg0 = cluster ? cpuSeconds(cluster.pid(), true) : 0;
      const load0 = process.cpuUsage();
      const result = await load.run(rate, seconds);
      const loadUsage = process.cpuUsage(load0);
      const row: Row = {
        database: kind,
        result,
        serverCpu: cpuSeconds(server.pid!, false) - server0,
        pgCpu: cluster ? cpuSeconds(cluster.pid(), true) - pg0 : null,
        loadCpu: (loadUsage.user + loadUsage.system) / 1e6,
        load: loadAverage(),
      };
      printRow(row);
      rows.push(row);
    }
    await load.close();
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  if (values.profile) console.log(`server CPU profile: ${join(dataDir, 'profile')}`);
  if (pgStats) {
    const top = await queryRows<{ calls: number; mean: number; total: number; query: string }>(
      database.db,
      sql`SELECT calls::int, round(mean_exec_time::numeric, 3)::float AS mean, round(total_exec_time::numeric)::float AS total,
                 regexp_replace(query, '\\s+', ' ', 'g') AS query
          FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 30`,
    );
    for (const s of top)
      console.log(
        `  pg_stat_statements: ${s.calls} calls, mean ${s.mean} ms, total ${s.total} ms: ${s.query.slice(0, 160)}`,
      );
  }
  if (kind === 'pglite') database = await openDatabase(settings);
  const tickDatabase = kind === 'postgres' ? await openDatabase({ ...settings, poolSize: 1 }) : database;
  if (players.length * MAX_ACTIVE_BETS_PER_ROUND >= TICK_BETS)
    await timeTicks(database.db, tickDatabase.db, players, kind);
  else
    console.log(`${kind}: no tick timed: ${TICK_BETS} auto bets need ${TICK_BETS / MAX_ACTIVE_BETS_PER_ROUND} players`);
  if (tickDatabase !== database) await tickDatabase.close();
  const problems = await checkLedger(database.db);
  for (const { accountId, problem } of problems) console.log(`  account ${accountId}: ${problem}`);
  console.log(`${kind}: ledger check ${problems.length === 0 ? 'clean' : `FAILED: ${problems.length} problem(s)`}`);
  await database.close();
  cluster?.stop();
  if (!values.profile) rmSync(dataDir, { recursive: true, force: true });
  if (problems.length > 0) process.exitCode = 1;
  return rows;
}

console.log(
  `bench:betting ${new Date().toISOString()}; ${PLAYERS} players, mix ${values.mix}, ${values.history} past bets each, ${values.limits ? 'wager and loss limits' : 'no limits'}; PostgreSQL over ${values.via === 'socket' ? 'its Unix socket' : 'TCP on loopback'}; load average ${loadAverage()}`,
);
const rows: Row[] = [];
for (const kind of values.db.split(',') as ('postgres' | 'pglite')[]) {
  rows.push(...(await bench(kind)));
}
console.log('\nsummary:');
for (const row of rows) printRow(row);
