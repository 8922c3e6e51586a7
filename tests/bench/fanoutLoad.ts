/**
 * The load side of `npm run bench:fanout`, run as its own process: opens N STOMP subscribers to
 * the game destination (and, with --chat, to one chat room) on loopback, records how late each
 * GAME_RATE arrives (receive time minus its serverTime) and each chat message (minus its `at`),
 * per phase the parent names on stdin ("phase NAME", then "stop"), and prints one JSON line with
 * the figures of each phase and the game events lost (Losses).
 */

import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { DESTINATIONS } from '../../src/shared/protocol';
import { Losses } from './fanoutLosses';

const { values } = parseArgs({
  options: { url: { type: 'string' }, clients: { type: 'string' }, chat: { type: 'string' } },
});
const url = values.url!;
const clients = Number(values.clients ?? 2000);
const BATCH = 200;
const CONNECT = 'CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:10000,10000\n\n\0';
const SUBSCRIBE =
  `SUBSCRIBE\nid:0\ndestination:${DESTINATIONS.game}\n\n\0` +
  (values.chat ? `SUBSCRIBE\nid:1\ndestination:${values.chat}\n\n\0` : '');

/** The phase being measured (null: not measuring), and what each phase saw. */
let phase: string | null = null;
const rates = new Map<string, number[]>();
const chats = new Map<string, number[]>();
let closedEarly = 0;
const sockets: WebSocket[] = [];
const losses = new Losses();

const record = (into: Map<string, number[]>, latency: number) => {
  if (phase === null) return;
  if (!into.has(phase)) into.set(phase, []);
  into.get(phase)!.push(latency);
};

/** Every GAME_RATE's and chat message's lateness in one WebSocket message (a batch holds several frames). */
function measure(text: string, now: number): void {
  const rate = text.indexOf('"eventType":"GAME_RATE"');
  if (rate >= 0) {
    // Its own serverTime: chat and bets may ride in the same WebSocket message, before it.
    const at = text.indexOf('"serverTime":', rate);
    record(rates, now - Number.parseInt(text.slice(at + 13), 10));
  }
  for (
    let at = text.indexOf('"eventType":"CHAT_MESSAGE"');
    at >= 0;
    at = text.indexOf('"eventType":"CHAT_MESSAGE"', at + 1)
  ) {
    const sent = text.indexOf('"at":', at);
    record(chats, now - Number.parseInt(text.slice(sent + 5), 10));
  }
}

/** Opens one subscriber; resolves once CONNECTED has arrived. */
function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['v12.stomp']);
    const socket = sockets.push(ws) - 1;
    ws.once('open', () => ws.send(CONNECT + SUBSCRIBE));
    ws.once('error', reject);
    ws.once('close', () => {
      if (phase !== null) closedEarly++;
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('CONNECTED')) return resolve();
      if (text.startsWith('ERROR')) return reject(new Error(`refused: ${text.split('\n\n')[1]}`));
      if (phase !== null) measure(text, Date.now());
      losses.see(socket, text);
    });
  });
}

/** Opens subscribers until `count` are open, BATCH at a time. */
async function openUpTo(count: number): Promise<void> {
  while (sockets.length < count)
    await Promise.all(Array.from({ length: Math.min(BATCH, count - sockets.length) }, open));
}

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const nextLine = async () => String((await lines.next()).value ?? 'stop');

/** Tells the parent where we are and waits for its go (it scrapes the server's metrics meanwhile). */
async function report(message: Record<string, unknown>): Promise<void> {
  process.stdout.write(JSON.stringify(message) + '\n');
  await nextLine();
}

// Heart-beats as the browser client sends them, from the first socket on: connecting 10,000 takes
// longer than the server waits for a silent peer (twice the 10 s heart-beat).
const beat = setInterval(() => sockets.forEach((ws) => ws.readyState === ws.OPEN && ws.send('\n')), 5000);
const connectStarted = Date.now();
await openUpTo(Math.floor(clients / 2));
await report({ phase: 'half', open: sockets.length });
await openUpTo(clients);
const connectMs = Date.now() - connectStarted;
process.stdout.write(JSON.stringify({ phase: 'connected', clients, connectMs }) + '\n');
const cpuAtStart = process.cpuUsage();
losses.begin(sockets.length);
for (let line = await nextLine(); line !== 'stop'; line = await nextLine())
  if (line.startsWith('phase ')) phase = line.slice('phase '.length);
phase = null;
losses.end();
const cpu = process.cpuUsage(cpuAtStart);
// Events on their way at the stop still arrive: a round that ended by then is counted whole.
await new Promise((resolve) => setTimeout(resolve, 2000));
clearInterval(beat);

/** p50, p99 and max of each phase's latencies. */
function figures(of: Map<string, number[]>) {
  return Object.fromEntries(
    [...of].map(([name, latencies]) => {
      latencies.sort((a, b) => a - b);
      const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
      return [name, { messages: latencies.length, p50: pick(0.5), p99: pick(0.99), max: latencies.at(-1) }];
    }),
  );
}
process.stdout.write(
  JSON.stringify({
    phase: 'done',
    clients,
    rates: figures(rates),
    chats: figures(chats),
    closedEarly,
    lost: losses.count(),
    /** This load process's CPU seconds over the measured window. */
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  }) + '\n',
);
for (const ws of sockets) ws.terminate();
process.exit(0);
