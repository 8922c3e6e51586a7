/**
 * `npm run bench:cluster [-- --clients N --seconds S --cpu P]`: whether two gateways carry twice
 * what one process carries at the same p99, each process held to the same share of the CPU (root:
 * cgroups, cpuGroup.ts), so that the claim shows on a machine with fewer cores than processes.
 * First one server (ROLE=all, embedded database) with N subscribers; then a throwaway PostgreSQL and
 * Redis, one engine and two gateways with N subscribers each (2N). Every server process gets P % of
 * one core (default 40) and a high weight; each load process (fanoutLoad.ts, one per server) a high
 * weight and no ceiling; PostgreSQL and Redis neither. Prints p50/p99 per server, the CPU each
 * spent per 1,000 messages, how often the ceiling throttled it, and whether 2N came within ±20 %
 * of the single process's p99 (docs/benchmarks/cluster.md).
 */

import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startPostgres } from '../server/pg';
import { startRedis } from '../server/redis';
import { spawnServer, type ServerProcess } from '../server/serverProcess';
import { cpuSeconds } from './cpu';
import { cpuGroup, cpuGroupsUnavailable, type CpuGroup } from './cpuGroup';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    cpu: { type: 'string', default: '40' },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const percent = Number(values.cpu);
const unavailable = cpuGroupsUnavailable();
if (unavailable) {
  console.error(`bench:cluster gives each process a fixed CPU share with cgroups, and cannot here: ${unavailable}.`);
  process.exit(1);
}

interface Figures {
  messages: number;
  p50: number;
  p99: number;
  max: number;
  closedEarly: number;
  /** CPU seconds in the measured window of the server and of its load process. */
  serverCpu: number;
  loadCpu: number;
  /** Share of the window's 10 ms periods in which the ceiling stopped the server. */
  throttled: number;
}

const SERVER_ENV = {
  ...{ LOG_LEVEL: 'warn', BETTING_MS: '1000', PAUSE_MS: '500', TICK_MS: '100' },
  // Every subscriber comes from loopback: lift the per-address cap above them.
  STOMP_MAX_PER_ADDRESS: String(clients + 10),
  HTTP_MAX_PER_ADDRESS: String(clients + 10),
  STOMP_MAX_CONNECTIONS: String(Math.max(10_000, clients + 10)),
};

/** A server in a group of its own, held to the share. */
async function held(name: string, env: Record<string, string>): Promise<ServerProcess & { group: CpuGroup }> {
  const server = await spawnServer(env);
  stopAll.push(() => server.signal('SIGKILL'));
  const group = cpuGroup(name, percent);
  group.add(server.pid);
  return { ...server, group };
}

/** One load process per server, `clients` subscribers each, all measured over the same window. */
async function measure(servers: (ServerProcess & { group: CpuGroup })[]): Promise<Figures[]> {
  const loads = servers.map(({ ws }, i) => {
    const load = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/bench/fanoutLoad.ts', '--url', ws, '--clients', String(clients)],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    stopAll.push(() => load.kill('SIGKILL'));
    cpuGroup(`load${i + 1}`, null).add(load.pid!);
    return { load, lines: createInterface({ input: load.stdout })[Symbol.asyncIterator]() };
  });
  const all = () =>
    Promise.all(
      loads.map(async ({ lines }) => JSON.parse(String((await lines.next()).value)) as Record<string, unknown>),
    );
  const tell = (line: string) => loads.forEach(({ load }) => load.stdin.write(line + '\n'));
  await all(); // half of them open
  tell('go');
  await all(); // all open
  const counters = () =>
    servers.map((server, i) => ({
      server: cpuSeconds(server.pid, false),
      load: cpuSeconds(loads[i]!.load.pid!, false),
      ...server.group.throttling(),
    }));
  const before = counters();
  tell('phase game');
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  tell('stop');
  const done = await all();
  const after = counters();
  return done.map((d, i) => {
    const game = (d.rates as Record<string, Omit<Figures, 'closedEarly'>>).game!;
    return {
      ...game,
      closedEarly: d.closedEarly as number,
      serverCpu: after[i]!.server - before[i]!.server,
      loadCpu: after[i]!.load - before[i]!.load,
      throttled: (after[i]!.throttled - before[i]!.throttled) / Math.max(1, after[i]!.periods - before[i]!.periods),
    };
  });
}

const stopAll: (() => unknown)[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
process.on('exit', () => stopAll.reverse().forEach((stop) => stop()));
const watchdog = setTimeout(
  () => {
    console.error('the benchmark did not finish in time');
    process.exit(1);
  },
  (2 * seconds + 900) * 1000,
);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const row = (name: string, f: Figures) =>
  `${name.padEnd(24)} p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   max ${String(f.max).padStart(4)} ms   ` +
  `${f.messages} messages, ${f.closedEarly} dropped   CPU per 1,000 messages: server ${((f.serverCpu / f.messages) * 1e6).toFixed(1)} ms, ` +
  `load ${((f.loadCpu / f.messages) * 1e6).toFixed(1)} ms   server throttled in ${(f.throttled * 100).toFixed(0)} % of periods`;
console.log(
  `load average before: ${load()} (1, 5, 15 min); ${availableParallelism()} CPUs; each server process held to ${percent} % of a core`,
);

const single = await held('single', { ...SERVER_ENV, ROLE: 'all', DATA_DIR: 'memory://' });
console.log(`one process, ${clients} subscribers: measuring ${seconds} s...`);
const [alone] = await measure([single]);
single.signal('SIGTERM');
await single.exited;
single.group.remove();

const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
stopAll.push(
  () => pg.stop(),
  () => redis.kill(),
);
const env = {
  ...SERVER_ENV,
  DATABASE_URL: await pg.createDatabase('bench'),
  REDIS_URL: redis.url,
  JWT_SECRET: 'the-cluster-benchmark-shares-this-secret',
  DATA_DIR: 'memory://',
};
const engine = await held('engine', { ...env, ROLE: 'engine' });
const gateways = await Promise.all([
  held('gateway1', { ...env, ROLE: 'gateway' }),
  held('gateway2', { ...env, ROLE: 'gateway' }),
]);
console.log(`2 gateways, ${2 * clients} subscribers (${clients} each): measuring ${seconds} s...`);
const engineCpu = cpuSeconds(engine.pid, false);
const split = await measure(gateways);
const engineSpent = cpuSeconds(engine.pid, false) - engineCpu;

const worst = Math.max(...split.map((f) => f.p99));
const ratio = worst / alone!.p99;
console.log(
  [
    row(`one process (${clients})`, alone!),
    ...split.map((figures, i) => row(`gateway ${i + 1} of 2 (${clients})`, figures)),
    `engine: ${engineSpent.toFixed(1)} s of CPU while the gateways' subscribers connected and were measured (rounds and the bus)`,
    `2 gateways carry ${2 * clients} at p99 ${worst} ms against one process's ${alone!.p99} ms with ${clients}: ` +
      `${ratio.toFixed(2)}x: ${ratio <= 1.2 ? 'within' : 'NOT within'} its p99 + 20 %`,
    `load average after: ${load()} (1, 5, 15 min)`,
  ].join('\n'),
);
clearTimeout(watchdog);
stopAll.length = 0;
for (const server of [...gateways, engine]) server.signal('SIGTERM');
await Promise.all([...gateways, engine].map((server) => server.exited));
for (const server of [...gateways, engine]) server.group.remove();
await redis.stop();
pg.stop();
