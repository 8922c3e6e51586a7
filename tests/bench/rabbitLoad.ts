/**
 * The subscribers of the fan-out benchmark's RabbitMQ side, run as a process of their own: opens N
 * STOMP subscribers to one Web-STOMP topic, as fanoutLoad.ts opens moonrush's (same CONNECT, same
 * heart-beats, BATCH at a time), prints {"phase":"connected"}, then counts each GAME_RATE-like
 * message between "go" and "stop" on stdin and how late it came (receive time minus the
 * `serverTime` the publisher stamped it with), and prints one JSON line with the figures; "count"
 * on stdin prints how many have come so far.
 */

import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';

const { values } = parseArgs({
  options: { url: { type: 'string' }, clients: { type: 'string' }, destination: { type: 'string' } },
});
const clients = Number(values.clients);
const BATCH = 200;
// RabbitMQ reads `host` as its virtual host: "/" is the default one.
const CONNECT = 'CONNECT\naccept-version:1.2\nhost:/\nheart-beat:10000,10000\n\n\0';
const SUBSCRIBE = `SUBSCRIBE\nid:0\ndestination:${values.destination}\n\n\0`;

let measuring = false;
const latencies: number[] = [];
let closedEarly = 0;
const sockets: WebSocket[] = [];

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(values.url!, ['v12.stomp']);
    sockets.push(ws);
    ws.once('open', () => ws.send(CONNECT + SUBSCRIBE));
    ws.once('error', reject);
    ws.once('close', () => {
      if (measuring) closedEarly++;
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('CONNECTED')) return resolve();
      if (!measuring || !text.startsWith('MESSAGE')) return;
      const at = text.indexOf('"serverTime":');
      if (at >= 0) latencies.push(Date.now() - Number.parseInt(text.slice(at + 13), 10));
    });
  });
}

const started = Date.now();
while (sockets.length < clients)
  await Promise.all(Array.from({ length: Math.min(BATCH, clients - sockets.length) }, open));
const beat = setInterval(() => sockets.forEach((ws) => ws.readyState === ws.OPEN && ws.send('\n')), 5000);
process.stdout.write(JSON.stringify({ phase: 'connected', connectMs: Date.now() - started }) + '\n');

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => String((await lines.next()).value ?? 'stop');
while ((await next()) !== 'go');
const cpuAtStart = process.cpuUsage();
measuring = true;
// "count": how many have come so far, for the parent to wait for the deliveries still in flight.
for (let line = await next(); line !== 'stop'; line = await next())
  if (line === 'count') process.stdout.write(JSON.stringify({ count: latencies.length }) + '\n');
measuring = false;
const cpu = process.cpuUsage(cpuAtStart);
clearInterval(beat);

latencies.sort((a, b) => a - b);
const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
process.stdout.write(
  JSON.stringify({
    phase: 'done',
    messages: latencies.length,
    p50: pick(0.5),
    p99: pick(0.99),
    max: latencies.at(-1) ?? NaN,
    closedEarly,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  }) + '\n',
);
for (const ws of sockets) ws.terminate();
process.exit(0);
