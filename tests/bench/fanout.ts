/**
 * `npm run bench:fanout [-- --clients N --seconds S]`: starts the game server as a child process
 * (short rounds, default tick), runs N STOMP subscribers in a separate load process on loopback
 * for a bounded time, and prints fan-out latency p50/p99, the server's event-loop delay p99 and
 * its memory per connection.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { freePort } from '../server/freePort';
import { metric, waitForServer } from './serverWatch';

const { values } = parseArgs({
  options: { clients: { type: 'string', default: '2000' }, seconds: { type: 'string', default: '20' } },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);

function tsx(script: string, args: string[], env: Record<string, string> = {}, flags: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...flags, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}/api/v1`;
const server = tsx(
  'src/server/main.ts',
  [],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    STATIC_DIR: '',
    LOG_LEVEL: 'warn',
    BETTING_MS: '1000',
    PAUSE_MS: '500',
    // Every subscriber comes from loopback: the per-address cap is raised to fit them, not lifted.
    STOMP_MAX_PER_ADDRESS: String(clients + 10),
    HTTP_MAX_PER_ADDRESS: String(clients + 10),
    STOMP_MAX_CONNECTIONS: String(Math.max(10_000, clients + 10)),
  },
  ['--expose-gc', '--import', './tests/bench/gcOnSignal.ts'],
);
server.stdout?.resume();
await waitForServer(base);
const scrape = () => fetch(`${base}/metrics`).then((r) => r.text());
/** Memory of the server after a full GC: the median of three collections, so a round's garbage or a socket's pending writes don't tip it. */
async function memoryCollected(): Promise<Record<'heap' | 'rss', number>> {
  const samples: Record<'heap' | 'rss', number>[] = [];
  for (let i = 0; i < 3; i++) {
    server.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const text = await scrape();
    samples.push({
      heap: metric(text, 'nodejs_heap_size_used_bytes') + metric(text, 'nodejs_external_memory_bytes'),
      rss: metric(text, 'process_resident_memory_bytes'),
    });
  }
  const median = (key: 'heap' | 'rss') => samples.map((s) => s[key]).sort((a, b) => a - b)[1]!;
  return { heap: median('heap'), rss: median('rss') };
}

const load = tsx('tests/bench/fanoutLoad.ts', [
  '--url',
  `ws://127.0.0.1:${port}/api/v1/ws/init`,
  '--clients',
  String(clients),
  '--seconds',
  String(seconds),
]);
// Bounded in time whatever happens (a subscriber that never hears CONNECTED would wait forever).
const limitSeconds = seconds + 180;
const watchdog = setTimeout(() => {
  console.error(`the benchmark did not finish within ${limitSeconds} s`);
  load.kill();
  server.kill();
  process.exit(1);
}, limitSeconds * 1000);
let result: Record<string, number> | undefined;
let memoryAtHalf: Record<'heap' | 'rss', number> | undefined;
let memoryAtConnected: Record<'heap' | 'rss', number> | undefined;
let atConnected = '';
for await (const line of createInterface({ input: load.stdout! })) {
  const message = JSON.parse(line) as { phase: string } & Record<string, number>;
  if (message.phase === 'half') memoryAtHalf = await memoryCollected();
  else if (message.phase === 'connected') {
    memoryAtConnected = await memoryCollected();
    // Scraping resets the event-loop histogram, so the p99 below covers the measured window only.
    atConnected = await scrape();
    console.log(`${clients} subscribers connected in ${message.connectMs} ms; measuring for ${seconds} s...`);
  } else result = message;
  load.stdin?.write('go\n');
}
const loaded = await scrape();
clearTimeout(watchdog);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
if (!result || !memoryAtHalf || !memoryAtConnected) throw new Error('the load process did not finish');

// Memory of the second half of the connections after a full GC: start-up costs cancel out.
const secondHalf = clients - Math.floor(clients / 2);
const perConnection = (key: 'heap' | 'rss') => (memoryAtConnected![key] - memoryAtHalf![key]) / secondHalf / 1024;
const heapPerConnection = perConnection('heap');
const rssPerConnection = perConnection('rss');
const fanoutCount =
  metric(loaded, 'moonrush_fanout_seconds_count') - metric(atConnected, 'moonrush_fanout_seconds_count');
const fanoutSum = metric(loaded, 'moonrush_fanout_seconds_sum') - metric(atConnected, 'moonrush_fanout_seconds_sum');
console.log(
  [
    `subscribers             ${clients} (sessions seen by the server: ${metric(atConnected, 'moonrush_stomp_sessions')})`,
    `messages received       ${result.messages} in ${seconds} s (dropped during the run: ${result.closedEarly})`,
    `fan-out latency p50     ${result.p50} ms`,
    `fan-out latency p99     ${result.p99} ms (max ${result.max} ms)`,
    `server write per event  ${((fanoutSum / fanoutCount) * 1000).toFixed(2)} ms mean over ${fanoutCount} events`,
    `server event-loop p99   ${(metric(loaded, 'nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(1)} ms`,
    `memory per connection   ${heapPerConnection.toFixed(1)} KiB JS heap + external, ${rssPerConnection.toFixed(1)} KiB RSS (second half of the connections, after GC)`,
  ].join('\n'),
);
