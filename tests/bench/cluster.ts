/**
 * `npm run bench:cluster [-- --clients N --seconds S]`: fan-out latency of a cluster next to one
 * process, in the same run. First one server (ROLE=all, embedded database) with N/2 subscribers;
 * then a throwaway PostgreSQL and Redis, one engine and 2 gateways with N subscribers split across
 * them (N/2 each), from one load process per gateway. Prints p50/p99 per gateway, the CPU each
 * server and load process spent in the measured window (and per 1,000 messages delivered), and
 * the load average.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startPostgres } from '../server/pg';
import { startRedis } from '../server/redis';
import { spawnServer, type ServerProcess } from '../server/serverProcess';
import { cpuSeconds } from './cpu';

const { values } = parseArgs({
  options: { clients: { type: 'string', default: '4000' }, seconds: { type: 'string', default: '20' } },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const perGateway = Math.floor(clients / 2);

interface Figures {
  messages: number;
  /** CPU seconds in the measured window: the server the subscribers were on, and their load process (its own count). */
  serverCpu: number;
  cpuSeconds: number;
  p50: number;
  p99: number;
  max: number;
  closedEarly: number;
}

const SERVER_ENV = {
  ...{ LOG_LEVEL: 'warn', BETTING_MS: '1000', PAUSE_MS: '500', TICK_MS: '100' },
  // Every subscriber comes from loopback: lift the per-address cap above them.
  STOMP_MAX_PER_ADDRESS: String(perGateway + 10),
  HTTP_MAX_PER_ADDRESS: String(perGateway + 10),
  STOMP_MAX_CONNECTIONS: String(Math.max(10_000, perGateway + 10)),
};

/** Runs one load process per server, each with `count` subscribers, and measures them over the same window. */
async function measure(servers: ServerProcess[], count: number): Promise<Figures[]> {
  const loads: ChildProcess[] = servers.map(({ ws: url }) =>
    spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/bench/fanoutLoad.ts',
        '--url',
        url,
        '--clients',
        String(count),
        '--seconds',
        String(seconds),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    ),
  );
  const lines = loads.map((load) => createInterface({ input: load.stdout! })[Symbol.asyncIterator]());
  const all = async () =>
    Promise.all(
      lines.map(async (line) => JSON.parse((await line.next()).value as string) as Figures & { phase: string }),
    );
  const go = () => loads.forEach((load) => load.stdin?.write('go\n'));
  const cpu = () => servers.map((server) => cpuSeconds(server.pid, false));
  await all(); // half of them open
  go();
  await all(); // all open: measure over one window
  const before = cpu();
  go();
  const figures = await all();
  const after = cpu();
  return figures.map((f, i) => ({ ...f, serverCpu: after[i]! - before[i]! }));
}

const stopAll: (() => unknown)[] = [];
const watchdog = setTimeout(
  () => {
    console.error('the benchmark did not finish in time');
    for (const stop of stopAll.reverse()) stop();
    process.exit(1);
  },
  (4 * seconds + 600) * 1000,
);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const perThousand = (cpu: number, f: Figures) => ((cpu / f.messages) * 1000).toFixed(3);
const row = (name: string, f: Figures) =>
  `${name.padEnd(26)} p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   max ${f.max} ms   ` +
  `(${f.messages} messages, ${f.closedEarly} dropped)   CPU in the window: server ${f.serverCpu.toFixed(1)} s ` +
  `(${perThousand(f.serverCpu, f)} s per 1,000 messages), load ${f.cpuSeconds.toFixed(1)} s (${perThousand(f.cpuSeconds, f)})`;
const kill = (server: ServerProcess) => () => server.signal('SIGKILL');
console.log(`load average before: ${load()} (1, 5, 15 min)`);

const single = await spawnServer({ ...SERVER_ENV, ROLE: 'all', DATA_DIR: 'memory://' });
stopAll.push(kill(single));
console.log(`one process, ${perGateway} subscribers: measuring ${seconds} s...`);
const [alone] = await measure([single], perGateway);
single.signal('SIGTERM');
await single.exited;

const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
stopAll.push(
  () => pg.stop(),
  () => redis.stop(),
);
const env = {
  ...SERVER_ENV,
  DATABASE_URL: await pg.createDatabase('bench'),
  REDIS_URL: redis.url,
  JWT_SECRET: 'the-cluster-benchmark-shares-this-secret',
  DATA_DIR: 'memory://',
};
const engine = await spawnServer({ ...env, ROLE: 'engine' });
stopAll.push(kill(engine));
const gateways = await Promise.all([
  spawnServer({ ...env, ROLE: 'gateway' }),
  spawnServer({ ...env, ROLE: 'gateway' }),
]);
stopAll.push(...gateways.map(kill));
console.log(`2 gateways, ${2 * perGateway} subscribers (${perGateway} each): measuring ${seconds} s...`);
const engineCpu = cpuSeconds(engine.pid, false);
const split = await measure(gateways, perGateway);
const engineSpent = cpuSeconds(engine.pid, false) - engineCpu;

console.log(
  [
    row(`one process (${perGateway})`, alone!),
    ...split.map((figures, i) => row(`gateway ${i + 1} of 2 (${perGateway})`, figures)),
    `engine: ${engineSpent.toFixed(1)} s of CPU while the gateways' subscribers connected and were measured (rounds and the bus)`,
    `load average after: ${load()} (1, 5, 15 min); every process shares this machine's ${availableParallelism()} CPUs`,
  ].join('\n'),
);
clearTimeout(watchdog);
for (const server of [...gateways, engine]) server.signal('SIGTERM');
await Promise.all([...gateways, engine].map((server) => server.exited));
await redis.stop();
pg.stop();
