/**
 * The fan-out benchmark's comparison with a real broker (docs/benchmarks/fanout.md "Against
 * RabbitMQ"): after fanout.ts has measured moonrush, the same number of subscribers (a process of
 * their own, rabbitLoad.ts) on RabbitMQ Web-STOMP, one topic, and a publisher (this process, one
 * Web-STOMP connection) sending GAME_RATE-like JSON frames stamped with their send time, as many a
 * second as each moonrush subscriber received in its phase. Prints both sides' delivery latency,
 * messages delivered and lost, the broker's CPU per 1,000 delivered messages and the ratios.
 */

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';
import { cpuSeconds } from './cpu';
import { HOW_TO_INSTALL, rabbitInstalled, startRabbit } from './rabbitNode';

/** What one side's subscribers got in the measured window, and what its server spent. */
export interface Side {
  clients: number;
  /** Length of the measured window (RabbitMQ's: until its last delivery). */
  ms: number;
  messages: number;
  p50: number;
  p99: number;
  max: number;
  /** Deliveries owed: RabbitMQ's, published × subscribers; moonrush's, those delivered and the GAME_RATEs fanoutLosses.ts found missing. */
  due?: number;
  /** Subscribers closed in the window. */
  closedEarly: number;
  /** CPU seconds of the server process (moonrush's node, RabbitMQ's beam.smp) in the window. */
  serverCpu: number;
  /** Its resident memory per subscriber, KiB, when known. */
  rssPerClient?: number;
}

const DESTINATION = '/topic/game.rate';
/** After the last publish, the subscribers are counted until every delivery has come, none has for QUIET_MS, or LATE_MS have passed: what has not come by then is lost. */
const QUIET_MS = 3000;
const LATE_MS = 60_000;

const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** One STOMP connection to Web-STOMP that SENDs to the topic; resolves once CONNECTED. */
async function publisher(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url, ['v12.stomp']);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => ws.send('CONNECT\naccept-version:1.2\nhost:/\nheart-beat:0,0\n\n\0'));
    ws.once('message', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}

/** Runs RabbitMQ's side at moonrush's delivered rate per subscriber. */
async function rabbitSide(moonrush: Side): Promise<Side> {
  const node = await startRabbit();
  try {
    const rssBefore = rssKiB(node.pid);
    const load = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/bench/rabbitLoad.ts',
        '--url',
        node.ws,
        '--clients',
        String(moonrush.clients),
        '--destination',
        DESTINATION,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: load.stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse(String((await lines.next()).value)) as Record<string, number>;
    const { connectMs } = await next();
    const rssPerClient = (rssKiB(node.pid) - rssBefore) / moonrush.clients;
    const perSecond = (moonrush.messages / moonrush.clients / moonrush.ms) * 1000;
    console.log(
      `RabbitMQ: ${moonrush.clients} subscribers connected in ${connectMs} ms; publishing ${perSecond.toFixed(2)} a second for ${(moonrush.ms / 1000).toFixed(0)} s...`,
    );
    const ws = await publisher(node.ws);
    load.stdin.write('go\n');
    const started = performance.now();
    const cpuBefore = cpuSeconds(node.pid, false);
    let sent = 0;
    for (let at = started; at < started + moonrush.ms; at += 1000 / perSecond) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
      const body = `{"eventType":"GAME_RATE","data":{"gameId":"${1000 + (sent >> 6)}","rate":${(1 + (sent % 64) / 50).toFixed(2)},"elapsedMs":${(sent % 64) * 100},"serverTime":${Date.now()}}}`;
      ws.send(`SEND\ndestination:${DESTINATION}\ncontent-type:application/json\n\n${body}\0`);
      sent++;
    }
    const due = sent * moonrush.clients;
    const publishedAt = performance.now();
    /** When the last delivery came: RabbitMQ's side is measured from the first publish to then. */
    let changedAt = publishedAt;
    for (let count = 0; ;) {
      load.stdin.write('count\n');
      const now = (await next()).count!;
      if (now !== count) [count, changedAt] = [now, performance.now()];
      if (count >= due || performance.now() - changedAt > QUIET_MS || performance.now() - publishedAt > LATE_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const serverCpu = cpuSeconds(node.pid, false) - cpuBefore;
    load.stdin.write('stop\n');
    const done = await next();
    ws.terminate();
    await new Promise((resolve) => load.once('exit', resolve));
    return {
      clients: moonrush.clients,
      ms: Math.max(moonrush.ms, changedAt - started),
      messages: done.messages!,
      p50: done.p50!,
      p99: done.p99!,
      max: done.max!,
      due,
      closedEarly: done.closedEarly!,
      serverCpu,
      rssPerClient,
    };
  } finally {
    await node.stop();
  }
}

/** Runs RabbitMQ's side (when installed) and prints both sides next to each other. */
export async function compareWithRabbitMQ(moonrush: Side): Promise<void> {
  if (!rabbitInstalled) {
    console.log(`RabbitMQ comparison skipped: rabbitmq-server is not installed (${HOW_TO_INSTALL}).`);
    return;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const rabbit = await rabbitSide(moonrush);
  const cpuPerThousand = (s: Side) => (s.serverCpu / s.messages) * 1e6;
  const rate = (s: Side) => (s.messages / s.clients / s.ms) * 1000;
  const lost = (s: Side) =>
    s.due === undefined
      ? `${s.closedEarly === 0 ? 0 : 'some'} (subscribers closed: ${s.closedEarly})`
      : `${s.due - s.messages} of ${s.due} (subscribers closed: ${s.closedEarly})`;
  const row = (name: string, s: Side) =>
    `${name.padEnd(9)} p50 ${String(s.p50).padStart(5)} ms  p99 ${String(s.p99).padStart(5)} ms  max ${String(s.max).padStart(5)} ms  ` +
    `${s.messages} delivered (${rate(s).toFixed(2)} a subscriber a second), lost ${lost(s)}; ` +
    `server CPU ${s.serverCpu.toFixed(1)} s = ${cpuPerThousand(s).toFixed(1)} ms per 1,000 delivered` +
    (s.rssPerClient === undefined ? '' : `, RSS ${s.rssPerClient.toFixed(1)} KiB a subscriber`);
  console.log(
    [
      `side by side, ${moonrush.clients} subscribers (load average now ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}):`,
      row('moonrush', moonrush),
      row('RabbitMQ', rabbit),
      `ratio moonrush / RabbitMQ: p50 ${(moonrush.p50 / rabbit.p50).toPrecision(2)}, p99 ${(moonrush.p99 / rabbit.p99).toPrecision(2)}, ` +
        `CPU per delivered message ${(cpuPerThousand(moonrush) / cpuPerThousand(rabbit)).toPrecision(2)} (below 1: moonrush is faster or cheaper)`,
    ].join('\n'),
  );
}
