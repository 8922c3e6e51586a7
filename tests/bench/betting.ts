/**
 * `npm run bench:betting`: bet latency and settlement time on a throwaway PostgreSQL (PGlite when
 * the binaries are absent): 200 players place 400 auto bets at once, then one tick cashes them all
 * out. Prints medians and p99 in ms, and the server's own mean time per bet.
 */

import { loadConfig } from '../../src/server/config';
import { createServer } from '../../src/server/app';
import { IN_MEMORY } from '../../src/server/db/client';
import { call } from '../server/client';
import { fundedPlayer, openRound, startRound } from '../server/betting';
import { postgresAvailable, startPostgres } from '../server/pg';

const PLAYERS = 200;
const cluster = postgresAvailable ? await startPostgres() : null;
const databaseUrl = cluster ? await cluster.createDatabase('bench') : '';
const limits = {
  RATE_LIMIT_AUTH_IP: '100000',
  RATE_LIMIT_AUTH_LOGIN: '100000',
  RATE_LIMIT_BET_IP: '100000',
  RATE_LIMIT_BET_ACCOUNT: '100000',
};
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: IN_MEMORY,
  STATIC_DIR: '',
  LOG_LEVEL: 'warn',
  ROLE: 'gateway',
  DATABASE_URL: databaseUrl,
  ...limits,
});
const server = await createServer(config);
const api = `${await server.listen()}/api/v1`;
const db = server.services.database.db;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const report = (what: string, values: number[]) =>
  console.log(
    `${what}: n=${values.length} median ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms`,
  );

const players = [];
for (let i = 0; i < PLAYERS; i++) players.push(await fundedPlayer(api, db, 1_000_000));
const round = await openRound(db, 100);
const latencies: number[] = [];
const started = performance.now();
await Promise.all(
  players.flatMap((p) =>
    [1, 2].map(async () => {
      const t0 = performance.now();
      const answer = await call(api, 'POST', '/bet/create/auto', { amount: 1000, rate: 1.5 }, { token: p.token });
      if (answer.status !== 200) throw new Error(`bet refused: ${answer.body.errorMessage}`);
      latencies.push(performance.now() - t0);
    }),
  ),
);
console.log(
  `database: ${server.services.database.kind}; ${latencies.length} concurrent bets in ${(performance.now() - started).toFixed(0)} ms`,
);
report('POST /bet/create/auto under 400 concurrent', latencies);
// The server's own share (request received to answer sent): the rest is the burst of 400 new
// connections and the load's own work, which share this process's event loop.
const timed = (await server.services.metrics.httpSeconds.get()).values.filter(
  (v) => v.labels.route === '/api/v1/bet/create/auto' && String(v.labels.status) === '200',
);
const serverSeconds = (suffix: string) => timed.find((v) => v.metricName?.endsWith(suffix))?.value ?? NaN;
console.log(
  `  of which in the server: mean ${((serverSeconds('_sum') / serverSeconds('_count')) * 1000).toFixed(1)} ms`,
);

const live = await startRound(db, round, 10_000);
const t0 = performance.now();
await server.services.settler.roundTick(live, 1.82);
console.log(`one tick settling ${latencies.length} auto cash-outs: ${(performance.now() - t0).toFixed(0)} ms`);

await server.close();
cluster?.stop();
