/**
 * `npm run bench:soak [-- --minutes 30 --every 5 --rate 20 --players 40]`: the game server as a
 * child process (bettingServer.ts: fixed 3 s flights) on a throwaway PostgreSQL, and this process
 * as its players for `--minutes`: wallets that sign in and deposit through the faucet, then bet,
 * auto-bet, cancel and cash out at `--rate` operations a second (bettingLoad.ts), while every 15 s
 * a new wallet signs in and deposits and one bettor signs in again (an access token lives 15 min).
 * Every `--every` minutes it prints the server's RSS and JS heap after a full GC (from /metrics),
 * what was done and what went wrong; at the end the heap's drift since the first sample and the
 * ledger audit. Exits non-zero on any error (a 5xx, a lost connection, a failed sign-in or
 * deposit, an error line in the server's log) or an unclean ledger. Refusals (4xx, such as a
 * cash-out judged too late on a busy machine) are counted apart.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../src/server/database';
import { checkLedger } from '../../src/server/ledger/check';
import { freePort } from '../server/freePort';
import type { TestServer } from '../server/harness';
import { balanceOf, playerWithCoins, signIn } from '../server/paymentClient';
import { startPostgres } from '../server/pg';
import { BettingLoad, type Player, type RateResult } from './bettingLoad';
import { metric, waitForServer } from './serverWatch';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    every: { type: 'string', default: '5' },
    rate: { type: 'string', default: '20' },
    players: { type: 'string', default: '40' },
  },
});
const minutes = Number(values.minutes);
const everyMs = Number(values.every) * 60_000;
const rate = Number(values.rate);
const FLIGHT_MS = 3000;
const CHURN_MS = 15_000;
/** Active seconds of load between two looks at the clock. */
const CHUNK_SECONDS = 10;
const MB = 1024 * 1024;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const pg = await startPostgres();
const databaseUrl = await pg.createDatabase('soak');
const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}/api/v1`;
const server = spawn(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', '--import', './tests/bench/gcOnSignal.ts', 'tests/bench/bettingServer.ts'],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      BETTING_MS: '3000',
      PAUSE_MS: '500',
      CRASH_RATE: String(Math.exp(0.00006 * FLIGHT_MS)),
      // Every player comes from loopback: the per-address limits are lifted, the per-account ones kept.
      ...Object.fromEntries(
        ['BET_IP', 'AUTH_IP', 'AUTH_LOGIN', 'AUTH_GLOBAL', 'PAYMENT_IP', 'PUBLIC_IP'].map((name) => [
          `RATE_LIMIT_${name}`,
          '10000000',
        ]),
      ),
      HTTP_MAX_PER_ADDRESS: '10000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
const exited = new Promise((resolve) => server.once('exit', resolve));

const errors: string[] = [];
/** The server logs JSON lines at warn and above: an error (50) or fatal (60) line is an error of the soak. */
for (const stream of [server.stdout, server.stderr])
  createInterface({ input: stream }).on('line', (line) => {
    console.log(`  server: ${line.slice(0, 300)}`);
    if (/"level":(50|60)/.test(line)) errors.push(`server log: ${line.slice(0, 200)}`);
  });

const t = { api: base } as TestServer;
const totals = { ops: { create: 0, auto: 0, cancel: 0, cashout: 0 }, signIns: 0, deposits: 0 };
const refused: Record<string, number> = {};

function count(result: RateResult): void {
  for (const [kind, n] of Object.entries(result.done)) totals.ops[kind as keyof typeof totals.ops] += n;
  for (const [status, n] of Object.entries(result.statuses)) {
    if (status === '200') continue;
    if (status.startsWith('4')) refused[status] = (refused[status] ?? 0) + n;
    else errors.push(`${n} operations answered ${status}`);
  }
}

/** Memory after a full GC: SIGUSR2 (gcOnSignal.ts), then /metrics once the major GC it ran is counted. */
async function memory(): Promise<{ rss: number; heap: number }> {
  const scrape = () => fetch(`${base}/metrics`).then((r) => r.text());
  const majors = (text: string) =>
    Number(/nodejs_gc_duration_seconds_count\{kind="major"\} (\d+)/.exec(text)?.[1] ?? 0);
  const before = majors(await scrape());
  server.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const text = await scrape();
    if (majors(text) > before)
      return { rss: metric(text, 'process_resident_memory_bytes'), heap: metric(text, 'nodejs_heap_size_used_bytes') };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server ran no full GC on SIGUSR2');
}

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 60_000).toFixed(1).padStart(5)} min`;
console.log(
  `bench:soak ${new Date().toISOString()}: ${minutes} min, memory every ${values.every} min, ${rate} ops/s from ${values.players} players; load ${loadAverage()}`,
);
const samples: { rss: number; heap: number }[] = [];
let ledgerClean: boolean;
try {
  await waitForServer(base);
  const keys: Awaited<ReturnType<typeof signIn>>[] = [];
  const players: Player[] = [];
  for (let i = 0; i < Number(values.players); i++) {
    const player = await playerWithCoins(t, 9);
    keys.push(player);
    players.push({ id: i, token: player.token });
  }
  const load = new BettingLoad(base, players, FLIGHT_MS);
  await load.connect();
  console.log(`${elapsed()}: ${players.length} players signed in and deposited 9 SOL each; load ${loadAverage()}`);

  let churning = true;
  const churn = (async () => {
    for (let i = 0; churning; i++) {
      const next = Date.now() + CHURN_MS;
      try {
        const fresh = await playerWithCoins(t, 0.5);
        if ((await balanceOf(t, fresh)) !== 500_000n) throw new Error('a deposit of 0.5 SOL was not credited');
        const again = await signIn(t, keys[i % keys.length]!.key);
        players[i % players.length]!.token = again.token;
        totals.signIns += 2;
        totals.deposits += 1;
      } catch (error) {
        errors.push(`sign-in and deposit: ${(error as Error).message}`);
      }
      while (churning && Date.now() < next) await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const end = started + minutes * 60_000;
  let nextSample = started + everyMs;
  let reported = 0;
  while (Date.now() < end) {
    count(await load.run(rate, CHUNK_SECONDS));
    if (Date.now() < nextSample && Date.now() < end) continue;
    nextSample += everyMs;
    const sample = await memory();
    samples.push(sample);
    const { create, auto, cancel, cashout } = totals.ops;
    console.log(
      `${elapsed()}: RSS ${(sample.rss / MB).toFixed(1)} MB, heap ${(sample.heap / MB).toFixed(1)} MB after GC; so far create ${create}, auto ${auto}, cancel ${cancel}, cash-out ${cashout}, sign-ins ${totals.signIns}, deposits ${totals.deposits}; refused ${JSON.stringify(refused)}; errors ${errors.length}; load ${loadAverage()}`,
    );
    for (const error of errors.slice(reported)) console.log(`  error: ${error}`);
    reported = errors.length;
  }
  churning = false;
  await churn;
  await load.close();
} finally {
  server.kill('SIGTERM');
  await exited;
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  const problems = await checkLedger(database.db);
  await database.close();
  pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
  for (const { accountId, problem } of problems) console.log(`  account ${accountId}: ${problem}`);
  ledgerClean = problems.length === 0;
}

const first = samples[0];
const last = samples.at(-1);
if (first && last && samples.length > 1)
  console.log(
    `heap ${(first.heap / MB).toFixed(1)} -> ${(last.heap / MB).toFixed(1)} MB after GC (${(((last.heap - first.heap) / first.heap) * 100).toFixed(1)} % from the first sample, target within 10 %); RSS ${(first.rss / MB).toFixed(1)} -> ${(last.rss / MB).toFixed(1)} MB`,
  );
console.log(`errors: ${errors.length === 0 ? 'none' : errors.length}`);
for (const error of errors) console.log(`  ${error}`);
console.log(`ledger check: ${ledgerClean ? 'clean' : 'FAILED'}`);
if (errors.length > 0 || !ledgerClean) process.exitCode = 1;
