/**
 * The load side of `npm run bench:fanout`, run as its own process: opens N STOMP subscribers to
 * the game destination on loopback, records how late each tick arrives (receive time minus the
 * event's serverTime) for a bounded time, and prints one JSON line with the figures.
 */

import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { DESTINATIONS } from '../../src/shared/protocol';

const { values } = parseArgs({
  options: { url: { type: 'string' }, clients: { type: 'string' }, seconds: { type: 'string' } },
});
const url = values.url!;
const clients = Number(values.clients ?? 2000);
const seconds = Number(values.seconds ?? 20);
const BATCH = 200;
const CONNECT = 'CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:10000,10000\n\n\0';
const SUBSCRIBE = `SUBSCRIBE\nid:0\ndestination:${DESTINATIONS.game}\n\n\0`;

let measuring = false;
const latencies: number[] = [];
let closedEarly = 0;
const sockets: WebSocket[] = [];

/** Opens one subscriber; resolves once CONNECTED has arrived. */
function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['v12.stomp']);
    sockets.push(ws);
    ws.once('open', () => ws.send(CONNECT + SUBSCRIBE));
    ws.once('error', reject);
    ws.once('close', () => {
      if (measuring) closedEarly++;
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('CONNECTED')) return resolve();
      if (!measuring) return;
      const at = text.indexOf('"serverTime":');
      if (at >= 0) latencies.push(Date.now() - Number.parseInt(text.slice(at + 13), 10));
    });
  });
}

/** Opens subscribers until `count` are open, BATCH at a time. */
async function openUpTo(count: number): Promise<void> {
  while (sockets.length < count)
    await Promise.all(Array.from({ length: Math.min(BATCH, count - sockets.length) }, open));
}

/** Tells the parent where we are and waits for its go (it scrapes the server's metrics meanwhile). */
async function report(message: Record<string, unknown>): Promise<void> {
  process.stdout.write(JSON.stringify(message) + '\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
}

const connectStarted = Date.now();
await openUpTo(Math.floor(clients / 2));
await report({ phase: 'half', open: sockets.length });
await openUpTo(clients);
const connectMs = Date.now() - connectStarted;
// Heart-beats as the browser client sends them.
const beat = setInterval(() => sockets.forEach((ws) => ws.readyState === ws.OPEN && ws.send('\n')), 5000);
await report({ phase: 'connected', clients, connectMs });
measuring = true;
const cpuAtStart = process.cpuUsage();
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
measuring = false;
const cpu = process.cpuUsage(cpuAtStart);
clearInterval(beat);

latencies.sort((a, b) => a - b);
const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
process.stdout.write(
  JSON.stringify({
    phase: 'done',
    clients,
    seconds,
    messages: latencies.length,
    p50: pick(0.5),
    p99: pick(0.99),
    max: latencies.at(-1),
    closedEarly,
    /** This load process's CPU seconds over the measured window. */
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  }) + '\n',
);
for (const ws of sockets) ws.terminate();
process.exit(0);
