/**
 * The crowd behind one address and the stranger beside it (docs/operations.md "Admission"), for
 * crowd.test.ts and `npm run bench:crowd`. Players come from 127.0.0.1, the stranger from
 * 127.0.0.2 and the /health probe from 127.0.0.3 (all of 127/8 is loopback on Linux). The stranger
 * and the probe run in threads of their own, so neither the crowd's work nor the stranger's delays
 * the probe's timing here.
 */

import { Worker } from 'node:worker_threads';
import { Keypair, Transaction } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '../../src/shared/constants';
import { decodeDepositProgram, depositInstruction } from '../../src/shared/deposit';
import { DESTINATIONS, type GameEvent, type PrepareDepositResponse, type SignInInput } from '../../src/shared/protocol';
import { FIXED_CRASH_POINTS, spawnServer, type ServerProcess } from './serverProcess';
import { connectStomp, gameEvents, waitUntil, type StompTestClient } from './stompClient';
import { signInProof, testWallet } from './wallet';

/** Every admission setting the test servers lift, back to its default (an empty value reads as unset). */
const DEFAULT_ADMISSION = Object.fromEntries(
  [
    ...['AUTH_IP', 'AUTH_LOGIN', 'BET_IP', 'BET_ACCOUNT', 'PAYMENT_IP', 'PAYMENT_ACCOUNT', 'PUBLIC_IP', 'ACCOUNT'].map(
      (name) => `RATE_LIMIT_${name}`,
    ),
    ...['HTTP_MAX_PER_ADDRESS', 'HTTP_ANONYMOUS_PER_ADDRESS', 'HTTP_SHED_LAG_MS', 'PASSWORD_HASH_QUEUE'],
    ...['STOMP_MAX_CONNECTIONS', 'STOMP_RESERVED_FOR_PLAYERS', 'STOMP_MAX_PER_ADDRESS', 'STOMP_MAX_PER_ACCOUNT'],
    // The game's own pace, as production runs it.
    ...['BETTING_MS', 'PAUSE_MS', 'TICK_MS'],
  ].map((name) => [name, '']),
);

/**
 * The server as its own process on the PostgreSQL at `databaseUrl`, on the default settings of
 * every admission limit and of the game's pace, its rounds flying to a fixed x2
 * (tests/bench/bettingServer.ts), so every player's cash-out has the time to arrive.
 */
export function spawnCrowdServer(databaseUrl: string): Promise<ServerProcess> {
  // One blockhash for the whole run: a change between a player's blockhash and its payment would refuse
  // the deposit (LiteSVM takes only its latest blockhash), a chain's quirk and not the admission measured.
  const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', CRASH_RATE: '2', LOCAL_BLOCKHASH_TTL_MS: '600000' };
  return spawnServer({ ...DEFAULT_ADMISSION, ...env }, 150_000, FIXED_CRASH_POINTS);
}

/** The p-th percentile of sorted numbers. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;

/** What the crowd saw. */
interface CrowdResult {
  /** Answers by `route status` (a request that got no answer: status `closed`). */
  answers: Record<string, number>;
  /** Every answer that was not 2xx and every other thing that went wrong, one line each. */
  failures: string[];
  /** Players who went from the page's first read to the end of their round. */
  finished: number;
  /** Sockets still open once every player was done. */
  socketsOpen: number;
  /** Each player's time, in ms, from the first read to signed in, to deposited, and from the cash-out call to its answer. */
  signInMs: number[];
  depositMs: number[];
  cashOutMs: number[];
}

/**
 * `players` players arrive evenly over `arrivalMs` at the server `api`/`ws`: each loads the page's
 * reads, signs in with a wallet, takes 2 SOL from the faucet, deposits 1, holds a STOMP socket with
 * its token, bets 10 coins in the next round, cashes out once it flies and waits for its end. Sockets
 * are closed only once every player is done.
 */
export async function runCrowd(api: string, ws: string, players: number, arrivalMs: number): Promise<CrowdResult> {
  const result: CrowdResult = {
    ...{ answers: {}, failures: [], finished: 0, socketsOpen: 0 },
    ...{ signInMs: [], depositMs: [], cashOutMs: [] },
  };
  const sockets: StompTestClient[] = [];
  let closing = false;

  /** One call; a visitor's call shed with 503 and Retry-After is sent again after it, as the page does (at most 5 times). */
  async function send<T>(method: string, path: string, body?: unknown, token?: string, tries = 5): Promise<T> {
    const route = `${method} ${path.replace(/\/\d+$|\?.*$|\/[\w-]{20,}$/, '')}`;
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(api + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      result.answers[`${route} closed`] = (result.answers[`${route} closed`] ?? 0) + 1;
      throw new Error(`${route}: no answer (${String(error)})`, { cause: error });
    }
    const key = `${route} ${response.status}`;
    result.answers[key] = (result.answers[key] ?? 0) + 1;
    const envelope = (await response.json()) as { data?: T; errorMessage?: string };
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status === 503 && !token && retryAfter > 0 && tries > 1) {
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      return send(method, path, body, token, tries - 1);
    }
    if (!response.ok) throw new Error(`${key}: ${envelope.errorMessage}`);
    return envelope.data as T;
  }

  async function play(): Promise<void> {
    const started = performance.now();
    const key = Keypair.generate();
    const wallet = key.publicKey.toBase58();
    const info = await send<{ gameId: string }>('GET', '/game/info');
    await Promise.all(
      ['/game/last', '/payment/reserves', '/game/leaders', '/payment/environment', `/game/bets/${info.gameId}`].map(
        (path) => send('GET', path),
      ),
    );
    const input = await send<SignInInput>('GET', `/auth/nonce?wallet=${wallet}`);
    const { token } = await send<{ token: string }>('POST', '/auth/authenticate', signInProof(testWallet(key), input));
    result.signInMs.push(performance.now() - started);
    await Promise.all([send('GET', '/user/profile', undefined, token), send('GET', '/bet/current', undefined, token)]);
    await send('POST', '/payment/faucet', { wallet, amount: 2 }, token);
    const prepared = await send<PrepareDepositResponse>('POST', '/payment/prepare', { amount: 1 }, token);
    const program = decodeDepositProgram(prepared);
    const blockhash = await send<string>('GET', '/payment/blockhash', undefined, token);
    const tx = new Transaction({ feePayer: key.publicKey, recentBlockhash: blockhash }).add(
      depositInstruction(program, key.publicKey, LAMPORTS_PER_SOL),
    );
    tx.sign(key);
    const data = tx.serialize().toString('base64');
    await send('POST', `/payment/pay/${prepared.token}`, { paymentData: { amount: 1, wallet, data } }, token);
    result.depositMs.push(performance.now() - started);

    const socket = await connectStomp(ws, [DESTINATIONS.game], 10_000, { authorization: `Bearer ${token}` });
    sockets.push(socket);
    socket.client.onWebSocketClose = () => {
      if (!closing) result.failures.push('a player socket closed');
    };
    socket.client.onStompError = (frame) => result.failures.push(`STOMP ERROR ${frame.headers.message}`);
    const events = () => gameEvents(socket, DESTINATIONS.game);
    const find = <E extends GameEvent['eventType']>(type: E, gameId?: string) =>
      events().find((e) => e.eventType === type && (gameId === undefined || e.data.gameId === gameId)) as
        Extract<GameEvent, { eventType: E }> | undefined;
    // The next betting window with at least a second left.
    const open = () => events().find((e) => e.eventType === 'GAME_CREATED' && e.data.startsAt - Date.now() > 1000);
    await waitUntil(() => open() !== undefined, 60_000, 'a betting window');
    const gameId = open()!.data.gameId;
    const { betId } = await send<{ betId: string }>('POST', '/bet/create', { amount: 1000 }, token);
    await waitUntil(() => find('GAME_STARTED', gameId) !== undefined, 60_000, 'the flight');
    const cashOut = performance.now();
    await send('POST', '/bet/refund', { betId }, token);
    result.cashOutMs.push(performance.now() - cashOut);
    await waitUntil(() => find('GAME_ENDED', gameId) !== undefined, 60_000, "the round's end");
    result.finished++;
  }

  const runs: Promise<void>[] = [];
  for (let i = 0; i < players; i++) {
    runs.push(play().catch((error: unknown) => void result.failures.push(String(error))));
    await new Promise((resolve) => setTimeout(resolve, arrivalMs / players));
  }
  await Promise.all(runs);
  result.socketsOpen = sockets.filter((socket) => socket.client.connected).length;
  closing = true;
  await Promise.all(sockets.map((socket) => socket.close()));
  for (const list of [result.signInMs, result.depositMs, result.cashOutMs]) list.sort((a, b) => a - b);
  return result;
}

/** A thread running `code` (CommonJS, with `workerData`), stopped by a 'stop' message; resolves with what it posts then. */
function thread<T>(code: string, workerData: unknown): { stop(): Promise<T> } {
  const worker = new Worker(code, { eval: true, workerData });
  const result = new Promise<T>((resolve, reject) => {
    worker.once('message', (value: T) => {
      resolve(value);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  return {
    stop() {
      worker.postMessage('stop');
      return result;
    },
  };
}

/** What the stranger got: answers by kind (`http 429`, `stomp admitted`, `stomp refused`, ...). */
type StrangerResult = Record<string, number>;

/**
 * From `address`: `sockets` anonymous STOMP sockets (CONNECT and SUBSCRIBE, held open), and until
 * stopped, `concurrency` HTTP requests at a time of junk: wrong passwords for made-up emails,
 * nonces, registrations of junk, and public reads.
 */
export function startStranger(
  api: string,
  ws: string,
  address: string,
  sockets: number,
  concurrency: number,
): { stop(): Promise<StrangerResult> } {
  const wallets = Array.from({ length: 64 }, () => Keypair.generate().publicKey.toBase58());
  return thread<StrangerResult>(
    `
    const http = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    const { WebSocket } = require('ws');
    const { api, ws, address, sockets, concurrency, wallets, game } = workerData;
    const counts = {};
    const count = (key) => (counts[key] = (counts[key] || 0) + 1);
    let going = true;
    const open = [];
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, localAddress: address });
    const request = (method, path, body) =>
      new Promise((resolve) => {
        const headers = body ? { 'content-type': 'application/json' } : {};
        const req = http.request(api + path, { method, agent, localAddress: address, headers }, (res) => {
          count('http ' + res.statusCode);
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', () => resolve(count('http closed')));
        req.end(body ? JSON.stringify(body) : undefined);
      });
    let n = 0;
    const junk = [
      () => request('POST', '/auth/authenticate', { login: 'x' + n + '@example.com', password: 'wrong guess' }),
      () => request('GET', '/auth/nonce?wallet=' + wallets[n % wallets.length]),
      () => request('POST', '/auth/register', { email: 'junk' + n + '.' + Date.now() + '@example.com', password: 'junk password' }),
      () => request('GET', '/game/last'),
      () => request('GET', '/game/info'),
      () => request('GET', '/payment/reserves'),
    ];
    const loop = async () => { while (going) await junk[n++ % junk.length](); };
    const connect = () =>
      new Promise((resolve) => {
        const socket = new WebSocket(ws, ['v12.stomp'], { localAddress: address });
        open.push(socket);
        let answered = false;
        const answer = (key) => {
          if (answered) return;
          answered = true;
          count(key);
          resolve();
        };
        socket.on('open', () =>
          socket.send('CONNECT\\naccept-version:1.2\\nhost:x\\n\\n\\0SUBSCRIBE\\nid:g\\ndestination:' + game + '\\n\\n\\0'),
        );
        socket.on('message', (data) => answer(String(data).startsWith('ERROR') ? 'stomp refused' : 'stomp admitted'));
        socket.on('error', () => answer('stomp error'));
        socket.on('close', () => answer('stomp closed before an answer'));
      });
    (async () => {
      for (let i = 0; i < sockets && going; i += 50)
        await Promise.all(Array.from({ length: Math.min(50, sockets - i) }, connect));
    })();
    const loops = Array.from({ length: concurrency }, loop);
    parentPort.on('message', async () => {
      going = false;
      await Promise.all(loops);
      counts['stomp open at the end'] = open.filter((s) => s.readyState === WebSocket.OPEN).length;
      for (const s of open) s.terminate();
      agent.destroy();
      parentPort.postMessage(counts);
    });
    `,
    { api, ws, address, sockets, concurrency, wallets, game: DESTINATIONS.game },
  );
}

/** GET /health from `address`, one after another until stopped; resolves with each one's ms, sorted (a failed one counts as Infinity). */
export function startHealthProbe(api: string, address: string): { stop(): Promise<number[]> } {
  return thread<number[]>(
    `
    const http = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: workerData.address });
    const times = [];
    let going = true;
    parentPort.on('message', () => (going = false));
    const once = () =>
      new Promise((resolve) => {
        const started = performance.now();
        http
          .get(workerData.api + '/health', { agent, localAddress: workerData.address }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : Infinity));
          })
          .on('error', () => resolve(Infinity));
      });
    (async () => {
      while (going) {
        times.push(await once());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      agent.destroy();
      parentPort.postMessage(times.sort((a, b) => a - b));
    })();
    `,
    { api, address },
  );
}
