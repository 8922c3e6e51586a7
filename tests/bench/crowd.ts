/**
 * `npm run bench:crowd [-- --players 200 --seconds 60 --sockets 800 --junk 32]`: the crowd behind one
 * address (docs/operations.md "Admission"). The server runs as its own process on a throwaway
 * PostgreSQL with every admission setting at its default (tests/server/crowdLoad.ts); this process
 * is the load: `--players` players arriving from 127.0.0.1 over `--seconds`, each through the page's
 * reads, a wallet sign-in, the faucet, a deposit, a STOMP socket with its token, a bet and its
 * cash-out, while a stranger on 127.0.0.2 holds `--sockets` anonymous sockets and sends `--junk`
 * requests at a time of junk sign-ins, registrations and public reads, and a probe on 127.0.0.3
 * asks /health one after another. Prints the crowd's answers and times, the stranger's answers
 * and /health's percentiles; exits 1 when a player met a refusal or a closed connection, or /health's
 * p99 is over 100 ms.
 */

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { percentile, runCrowd, spawnCrowdServer, startHealthProbe, startStranger } from '../server/crowdLoad';
import { startPostgres } from '../server/pg';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    sockets: { type: 'string', default: '800' },
    junk: { type: 'string', default: '32' },
  },
});
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (sorted: number[]) =>
  `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`;

const pg = await startPostgres();
const server = await spawnCrowdServer(await pg.createDatabase('crowd'));
try {
  console.log(`load average before: ${loadAverage()}`);
  const probe = startHealthProbe(server.api, '127.0.0.3');
  const stranger = startStranger(server.api, server.ws, '127.0.0.2', Number(values.sockets), Number(values.junk));
  const players = Number(values.players);
  const crowd = await runCrowd(server.api, server.ws, players, Number(values.seconds) * 1000);
  const strangerGot = await stranger.stop();
  const health = await probe.stop();
  const refused = Object.entries(crowd.answers).filter(([answer]) => !answer.endsWith(' 200'));
  console.log(`load average after: ${loadAverage()}`);
  console.log(
    `crowd (127.0.0.1): ${crowd.finished}/${players} played a round, ${crowd.socketsOpen} sockets open at the end, ` +
      `${Object.values(crowd.answers).reduce((a, b) => a + b, 0)} answers, refused or unanswered ${JSON.stringify(Object.fromEntries(refused))}`,
  );
  console.log(
    `  first read to signed in ${ms(crowd.signInMs)}; to deposited ${ms(crowd.depositMs)}; cash-out ${ms(crowd.cashOutMs)}`,
  );
  for (const failure of crowd.failures.slice(0, 10)) console.log(`  ${failure}`);
  console.log(`stranger (127.0.0.2): ${JSON.stringify(strangerGot)}`);
  console.log(
    `/health (127.0.0.3): ${health.length} probes, p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, max ${health.at(-1)!.toFixed(1)} ms`,
  );
  const healthP99 = percentile(health, 99);
  console.log(`/health p99 target ≤ 100 ms: ${healthP99 <= 100 ? 'met' : 'missed'}`);
  process.exitCode = crowd.failures.length === 0 && refused.length === 0 && healthP99 <= 100 ? 0 : 1;
} finally {
  server.signal('SIGKILL');
  await server.exited;
  pg.stop();
}
