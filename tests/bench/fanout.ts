/**
 * `npm run bench:fanout [-- --clients N --seconds S --chat-rate R --no-chat-read --db pglite|postgres --profile]`:
 * starts the game server as a child process (short rounds, default tick), runs N STOMP subscribers
 * in a separate load process on loopback for a bounded time, and prints GAME_RATE's fan-out latency
 * p50/p99, the game events lost (fanoutLosses.ts), the server's event-loop delay p99, its memory per
 * connection and what that makes the ceiling within 1 GiB, and the machine's load average. With --chat-rate every
 * subscriber also reads one chat room, and the measured time alternates windows without chat and
 * windows with R messages a second (docs/benchmarks/fanout.md "Chat"): the same server and sockets,
 * so the two compare; with --no-chat-read the messages are sent but no subscriber reads the room
 * (what the server's handling of a message costs the game, apart from delivering it). With --db
 * postgres the server keeps its data in a throwaway PostgreSQL cluster (processes of its own)
 * instead of PGlite, which runs in the server's own thread (the default).
 * With --profile the server writes a V8 CPU profile (--cpu-prof) when it stops; its folder is printed.
 * Without chat, the same subscribers then run on RabbitMQ Web-STOMP at the rate moonrush's received
 * and both are printed side by side (rabbit.ts; `--no-rabbitmq` skips it).
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { freePort } from '../server/freePort';
import { startPostgres } from '../server/pg';
import { cpuSeconds } from './cpu';
import { compareWithRabbitMQ } from './rabbit';
import { metric, waitForServer } from './serverWatch';
import { chatDestination } from '../../src/shared/wire/chat';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    'chat-rate': { type: 'string', default: '0' },
    'chat-read': { type: 'boolean', default: true },
    db: { type: 'string', default: 'pglite' },
    profile: { type: 'boolean', default: false },
    rabbitmq: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const chatRate = Number(values['chat-rate']);
/** With chat: windows this long, without and with chat in turn. */
const WINDOW_MS = 5000;
/** Accounts the chat messages come from. */
const WRITERS = 4;

function tsx(script: string, args: string[], env: Record<string, string> = {}, flags: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...flags, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

const profileDir = values.profile ? mkdtempSync(join(tmpdir(), 'moonrush-fanout-profile-')) : '';
const cluster = values.db === 'postgres' ? await startPostgres() : null;
const port = await freePort();
const base = `http://127.0.0.1:${port}/api/v1`;
const server = tsx(
  'src/server/main.ts',
  [],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    DATABASE_URL: cluster ? await cluster.createDatabase('fanout') : '',
    STATIC_DIR: '',
    LOG_LEVEL: 'warn',
    BETTING_MS: '1000',
    PAUSE_MS: '500',
    // Every subscriber comes from loopback: the per-address cap is raised to fit them, not lifted.
    STOMP_MAX_PER_ADDRESS: String(clients + 10),
    HTTP_MAX_PER_ADDRESS: String(clients + 10),
    STOMP_MAX_CONNECTIONS: String(Math.max(10_000, clients + 10)),
    // They are all visitors: none of the places is kept for signed-in players.
    STOMP_RESERVED_FOR_PLAYERS: '0',
    // The writers' messages are the load, so the chat's own limits are lifted for them.
    CHAT_MIN_ROUNDS: '0',
    CHAT_RATE: '100000',
    RATE_LIMIT_BET_ACCOUNT: '100000',
    RATE_LIMIT_AUTH_IP: '100000',
    RATE_LIMIT_AUTH_LOGIN: '100000',
  },
  [
    '--expose-gc',
    '--import',
    './tests/bench/gcOnSignal.ts',
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
  ],
);
server.stdout?.resume();
// A failure on the way (a server too slow to start) must not leave the server running.
process.on('exit', () => {
  server.kill();
  cluster?.stop();
});
await waitForServer(base);
/** The server's metrics; asked again while it sheds (503 while its event loop runs late, as when 10,000 sockets close). */
async function scrape(): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const answer = await fetch(`${base}/metrics`);
    if (answer.ok || attempt === 40) return answer.text();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
/** The kernel's memory for TCP buffers, every socket of the machine (both ends of the bench's), in bytes. */
const tcpBuffers = () => Number(/TCP:.* mem (\d+)/.exec(readFileSync('/proc/net/sockstat', 'utf8'))![1]) * 4096;
/** The load averages (1, 5, 15 min) as printed. */
const load3 = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = load3();
/** Memory of the server after a full GC: the median of three collections, so a round's garbage or a socket's pending writes don't tip it. */
async function memoryCollected(): Promise<Record<'heap' | 'rss' | 'tcp', number>> {
  const samples: Record<'heap' | 'rss' | 'tcp', number>[] = [];
  for (let i = 0; i < 3; i++) {
    server.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const text = await scrape();
    samples.push({
      heap: metric(text, 'nodejs_heap_size_used_bytes') + metric(text, 'nodejs_external_memory_bytes'),
      rss: metric(text, 'process_resident_memory_bytes'),
      tcp: tcpBuffers(),
    });
  }
  const median = (key: 'heap' | 'rss' | 'tcp') => samples.map((s) => s[key]).sort((a, b) => a - b)[1]!;
  return { heap: median('heap'), rss: median('rss'), tcp: median('tcp') };
}

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = (await (await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as {
    data?: T;
    errorMessage?: string;
  };
  if (answer.data === undefined) throw new Error(`${path}: ${answer.errorMessage}`);
  return answer.data;
}
const writers =
  chatRate > 0
    ? await Promise.all(
        Array.from({ length: WRITERS }, async (_, i) => {
          const email = `writer${i}.${Date.now()}@bench.example`;
          return (await post<{ token: string }>('/auth/register', { email, password: 'correct horse' })).token;
        }),
      )
    : [];
let sent = 0;
let refused = 0;
/** Sends chatRate messages a second for `ms`, round-robin over the writers. */
async function chatFor(ms: number): Promise<void> {
  const every = 1000 / chatRate;
  const started = Date.now();
  const pending: Promise<void>[] = [];
  for (let next = started; next < started + ms; next += every) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    const i = sent++;
    pending.push(
      post('/chat/en/messages', { text: `nice round everyone, number ${i}` }, writers[i % WRITERS]).then(
        () => {},
        () => void refused++,
      ),
    );
  }
  await Promise.all(pending);
}
/**
 * The server's CPU time and its write system calls (/proc/PID/io `syscw`: a socket write is one) so
 * far, and the CPU time of the load process and of this one (which sends the chat): the load shares
 * the server's cores, so what it spends in a window delays the server's writes and its own reads.
 */
function serverCounters() {
  const io = readFileSync(`/proc/${server.pid}/io`, 'utf8');
  const own = process.cpuUsage();
  return {
    ms: performance.now(),
    cpu: cpuSeconds(server.pid!, false),
    writes: Number(/syscw: (\d+)/.exec(io)![1]),
    loadCpu: cpuSeconds(load.pid!, false),
    ownCpu: (own.user + own.system) / 1e6,
  };
}
type Work = ReturnType<typeof serverCounters>;
/** Per phase, the server's wall time, CPU seconds and write calls: what chat costs whatever else the machine runs. */
const serverWork = new Map<string, Work>();
/** Runs one phase, adding the server's work during it to serverWork. */
async function phase(name: string, run: () => Promise<unknown>): Promise<void> {
  load.stdin!.write(`phase ${name}\n`);
  const before = serverCounters();
  await run();
  const after = serverCounters();
  const sum = serverWork.get(name) ?? { ms: 0, cpu: 0, writes: 0, loadCpu: 0, ownCpu: 0 };
  const keys = Object.keys(sum) as (keyof Work)[];
  serverWork.set(name, Object.fromEntries(keys.map((key) => [key, sum[key] + after[key] - before[key]])) as Work);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Names the phase to the load process and runs it: one window of `seconds` without chat, or windows in turn. */
async function runPhases(): Promise<void> {
  if (chatRate === 0) await phase('game', () => sleep(seconds * 1000));
  else
    for (let window = 0; window < Math.max(2, Math.round((seconds * 1000) / WINDOW_MS)); window++)
      if (window % 2 === 1) await phase('chat', () => chatFor(WINDOW_MS));
      else await phase('quiet', () => sleep(WINDOW_MS));
  load.stdin!.write('stop\n');
}

const load = tsx('tests/bench/fanoutLoad.ts', [
  '--url',
  `ws://127.0.0.1:${port}/api/v1/ws/init`,
  '--clients',
  String(clients),
  ...(chatRate > 0 && values['chat-read'] ? ['--chat', chatDestination('en')] : []),
]);
// Bounded in time whatever happens (a subscriber that never hears CONNECTED would wait forever).
const limitSeconds = seconds + 600;
const watchdog = setTimeout(() => {
  console.error(`the benchmark did not finish within ${limitSeconds} s`);
  load.kill();
  server.kill();
  process.exit(1);
}, limitSeconds * 1000);
type Figures = Record<string, { messages: number; p50: number; p99: number; max: number }>;
type Memory = Record<'heap' | 'rss' | 'tcp', number>;
type Lost = { events: number; rates: number; sockets: number; rounds: number };
let result: { rates: Figures; chats: Figures; closedEarly: number; lost: Lost } | undefined;
let memoryAtHalf: Memory | undefined;
let memoryAtConnected: Memory | undefined;
let atConnected = '';
for await (const line of createInterface({ input: load.stdout! })) {
  const message = JSON.parse(line) as { phase: string; connectMs?: number };
  if (message.phase === 'half') {
    memoryAtHalf = await memoryCollected();
    load.stdin?.write('go\n');
  } else if (message.phase === 'connected') {
    memoryAtConnected = await memoryCollected();
    // Scraping resets the event-loop histogram, so the p99 below covers the measured window only.
    atConnected = await scrape();
    console.log(`${clients} subscribers connected in ${message.connectMs} ms; measuring for ${seconds} s...`);
    await runPhases();
  } else result = message as unknown as typeof result;
}
const loaded = await scrape();
clearTimeout(watchdog);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
if (!result || !memoryAtHalf || !memoryAtConnected) throw new Error('the load process did not finish');

/**
 * Memory of the second half of the connections after a full GC (start-up costs cancel out), and the
 * watchers one process holds within 1 GiB at the larger of its heap's and its RSS's growth a
 * connection (docs/benchmarks/fanout.md "Memory").
 */
function memoryLines(half: Memory, connected: Memory): string[] {
  const secondHalf = clients - Math.floor(clients / 2);
  const perConnection = (key: keyof Memory) => (connected[key] - half[key]) / secondHalf;
  const per = Math.max(perConnection('heap'), perConnection('rss'));
  const base = connected.rss - per * clients;
  const KiB = (bytes: number) => (bytes / 1024).toFixed(1);
  return [
    `memory per connection   ${KiB(perConnection('heap'))} KiB JS heap + external, ${KiB(perConnection('rss'))} KiB RSS (second half of the connections, after GC)`,
    `server RSS              ${(connected.rss / 2 ** 20).toFixed(0)} MiB with ${clients} connections; within 1 GiB: about ${Math.floor((2 ** 30 - base) / per)} watchers at ${KiB(per)} KiB each`,
    `kernel TCP buffers      ${KiB(connected.tcp / clients)} KiB a connection, both ends (/proc/net/sockstat, outside the RSS)`,
  ];
}
const fanoutCount =
  metric(loaded, 'moonrush_fanout_seconds_count') - metric(atConnected, 'moonrush_fanout_seconds_count');
const fanoutSum = metric(loaded, 'moonrush_fanout_seconds_sum') - metric(atConnected, 'moonrush_fanout_seconds_sum');
console.log(
  [
    `subscribers             ${clients} (sessions seen by the server: ${metric(atConnected, 'moonrush_stomp_sessions')})`,
    ...Object.entries(result.rates).map(
      ([phase, r]) =>
        `GAME_RATE latency ${phase.padEnd(6)} p50 ${r.p50} ms, p99 ${r.p99} ms (max ${r.max} ms) over ${r.messages} deliveries`,
    ),
    ...Object.entries(result.chats).map(
      ([phase, r]) =>
        `chat latency ${phase.padEnd(11)} p50 ${r.p50} ms, p99 ${r.p99} ms (max ${r.max} ms) over ${r.messages} deliveries`,
    ),
    ...(chatRate > 0
      ? [
          `p99 lift with chat      ${result.rates.chat!.p99 - result.rates.quiet!.p99} ms (target at most 10 ms); chat messages sent ${sent}, refused ${refused}`,
        ]
      : []),
    ...[...serverWork].map(
      ([phase, w]) =>
        `server per second ${phase.padEnd(6)} CPU ${((w.cpu / w.ms) * 1e6).toFixed(0)} ms, ${((w.writes / w.ms) * 1000).toFixed(0)} write calls`,
    ),
    ...[...serverWork].map(
      ([phase, w]) =>
        `load per second ${phase.padEnd(8)} CPU ${((w.loadCpu / w.ms) * 1e6).toFixed(0)} ms in the subscribers' process, ${((w.ownCpu / w.ms) * 1e6).toFixed(0)} ms in this one`,
    ),
    `dropped during the run  ${result.closedEarly}`,
    `game events lost        ${result.lost.events} round events and ${result.lost.rates} GAME_RATEs (${result.lost.sockets} sockets) over ${result.lost.rounds} rounds created and ended while measuring`,
    `server write per event  ${((fanoutSum / fanoutCount) * 1000).toFixed(2)} ms mean over ${fanoutCount} events`,
    `server event-loop p99   ${(metric(loaded, 'nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(1)} ms`,
    ...(profileDir ? [`server CPU profile      ${profileDir}`] : []),
    ...memoryLines(memoryAtHalf, memoryAtConnected),
    `load average            ${loadAtStart} at the start, ${load3()} at the end (${availableParallelism()} cores)`,
  ].join('\n'),
);
const game = serverWork.get('game');
if (values.rabbitmq && game)
  await compareWithRabbitMQ({
    ...result.rates.game!,
    clients,
    ms: game.ms,
    serverCpu: game.cpu,
    due: result.rates.game!.messages + result.lost.rates,
    closedEarly: result.closedEarly,
  });
