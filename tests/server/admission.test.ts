/**
 * Admission (docs/operations.md "Admission"): what a stranger does cannot keep a player or an operator
 * out, every route has a budget, one account cannot take the sockets kept for players, and overload
 * is answered 503 with Retry-After for visitors while signed-in players go on.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../src/server/ops/operators';
import { DESTINATIONS } from '../../src/shared/protocol';
import { call, newPlayer } from './client';
import { startServer, type TestServer } from './harness';
import { totpCode } from './opsClient';
import { signIn as walletSignIn } from './paymentClient';
import { openRaw, waitUntil, type RawClient } from './stompClient';

/** Call options saying the call comes from `address` (these servers trust X-Forwarded-For). */
const from = (address: string, token?: string) => ({ headers: { 'x-forwarded-for': address }, token });

/** A built client's folder: its files are routes too. */
function builtClient(): string {
  const dist = mkdtempSync(join(tmpdir(), 'moonrush-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  writeFileSync(join(dist, 'main-abcdefgh.js'), '');
  return dist;
}

/** One of the page's files, as a visitor from `address` asks for it. */
const pageFile = async (api: string, path: string, address: string) =>
  (await fetch(new URL(path, api), { headers: { 'x-forwarded-for': address } })).status;

/** The statuses of `times` calls made one after another. */
async function statuses(times: number, make: () => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push((await make()).status);
  return out;
}

describe('sign-in while a stranger tries passwords', () => {
  let t: TestServer;
  beforeAll(async () => {
    // The production sign-in budgets (the harness lifts them for other tests).
    t = await startServer({ TRUST_PROXY: 'true', RATE_LIMIT_AUTH_IP: '', RATE_LIMIT_AUTH_LOGIN: '' });
  }, 180_000);
  afterAll(() => t.close());

  const password = (login: string, secret: string, address: string) =>
    call(t.api, 'POST', '/auth/authenticate', { login, password: secret }, from(address));

  it("lets a player sign in from another address past a stranger's wrong passwords, and makes the stranger wait", async () => {
    const { email } = await newPlayer(t.api);
    const tries = await statuses(8, () => password(email, 'wrong guess', '203.0.113.5'));
    expect(tries).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const waited = await password(email, 'wrong guess', '203.0.113.5');
    expect(waited.body.errorMessage).toMatch(
      /^Too many wrong passwords for this email from your address: try again in \d+ s$/,
    );
    expect(Number(waited.retryAfter)).toBeGreaterThan(0);
    // Before: 429 "try again in 30 s" for the owner too, doubling to 15 minutes.
    expect((await password(email, 'correct horse', '198.51.100.77')).status).toBe(200);
  });

  it("lets an operator sign in from another address past a stranger's wrong passwords and codes", async () => {
    const email = 'oncall@ops.example';
    const secrets = await addOperator(t.server.services.database.db, email, 'admin');
    const opsAuth = (secret: string, totp: string, address: string) =>
      call(t.api, 'POST', '/ops/auth', { email, password: secret, totp }, from(address));
    const tries = await statuses(8, () => opsAuth('wrong guess', '000000', '203.0.113.6'));
    expect(tries).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const signedIn = await opsAuth(secrets.password, totpCode(secrets.totpSecret), '198.51.100.78');
    expect([signedIn.status, signedIn.body.success]).toEqual([200, true]);
  });

  it('answers an unknown email exactly as a known one, wrong try by wrong try', async () => {
    const { email } = await newPlayer(t.api);
    const answers = async (login: string, address: string) => {
      const out: string[] = [];
      for (let i = 0; i < 7; i++) {
        const answer = await password(login, 'wrong guess', address);
        out.push(`${answer.status} ${answer.body.errorMessage?.replace(/\d+ s$/, 'N s')}`);
      }
      return out;
    };
    expect(await answers(`nobody.${Date.now()}@example.com`, '203.0.113.7')).toEqual(
      await answers(email, '203.0.113.8'),
    );
  });

  it('keeps credential stuffing from many addresses under a ceiling per email that a known address passes', async () => {
    const { email } = await newPlayer(t.api); // registered from 127.0.0.1
    const spread = await Promise.all(
      Array.from({ length: 60 }, (_, i) => password(email, `wrong guess ${i}`, `192.0.2.${i + 1}`)),
    );
    expect(spread.filter((a) => a.status === 401)).toHaveLength(50);
    expect(spread.filter((a) => a.status === 429)).toHaveLength(10);
    // The right password from a new address waits; from where the owner signed in before, it passes.
    const stranger = await password(email, 'correct horse', '192.0.2.200');
    expect(stranger.status).toBe(429);
    expect(stranger.body.errorMessage).toMatch(/sign in from a device you used before/);
    expect((await password(email, 'correct horse', '127.0.0.1')).status).toBe(200);
  });
});

describe('a flood of nonces from many addresses', () => {
  let t: TestServer;
  beforeAll(async () => {
    // The budget per address of 2026-11-27, so 21 addresses send what filled the ceiling then.
    t = await startServer({ TRUST_PROXY: 'true', RATE_LIMIT_AUTH_IP: '60', RATE_LIMIT_AUTH_LOGIN: '' });
  }, 180_000);
  afterAll(() => t.close());

  it('keeps no new wallet and no password sign-in out, and tells nothing about emails', async () => {
    const { email } = await newPlayer(t.api);
    // Eight at a time from each address, so that the flood lands within one minute on a busy machine.
    const nonce = (address: string) => {
      const wallet = Keypair.generate().publicKey.toBase58();
      return call(t.api, 'GET', `/auth/nonce?wallet=${wallet}`, undefined, from(address));
    };
    const flood = await Promise.all(
      Array.from({ length: 21 * 8 }, (_, i) => statuses(i % 8 < 5 ? 8 : 7, () => nonce(`198.18.0.${(i % 21) + 1}`))),
    );
    expect(flood.flat()).toHaveLength(21 * 61);
    expect(flood.flat().filter((status) => status === 429)).toHaveLength(21);
    // Before, the flood filled RATE_LIMIT_AUTH_GLOBAL for the minute: 429 for every new wallet.
    await expect(walletSignIn(t)).resolves.toMatchObject({ token: expect.any(String) });
    const wrong = (login: string) =>
      call(t.api, 'POST', '/auth/authenticate', { login, password: 'wrong guess' }, from('198.51.100.90'));
    expect((await wrong(email)).status).toBe(401);
    expect((await wrong(`nobody.${Date.now()}@example.com`)).status).toBe(401);
  }, 300_000);
});

describe('budgets', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ STATIC_DIR: builtClient() });
  }, 180_000);
  afterAll(() => t.close());

  it('has a budget on every route the server registered', () => {
    const routes = t.server.budgets();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => route.budgets.length === 0).map((route) => route.route)).toEqual([]);
    const of = (name: string) => routes.find((route) => route.route === name)?.budgets;
    for (const name of ['GET /user/profile', 'GET /user/limits', 'PUT /user/limits', 'GET /user/session'])
      expect(of(`${name.replace(' /', ' /api/v1/')}`)).toEqual([expect.stringMatching(/-account \d+\/min$/)]);
    expect(of('POST /api/v1/user/exclusion')).toEqual([expect.stringMatching(/-account/)]);
    expect(of('GET /main-abcdefgh.js')).toEqual([expect.stringMatching(/^unmetered/)]);
  });
});

const CONNECT = (token?: string) =>
  `CONNECT\naccept-version:1.2\nhost:localhost\n${token ? `authorization:Bearer ${token}\n` : ''}\n\0SUBSCRIBE\nid:g\ndestination:${DESTINATIONS.game}\n\n\0`;

/** A socket from `address` that sends CONNECT (with `token`) and SUBSCRIBE; resolves admitted or with the ERROR's message. */
async function socketOf(
  t: TestServer,
  address: string,
  token?: string,
): Promise<{ raw: RawClient; error: string | null }> {
  const raw = await openRaw(t.ws, ['v12.stomp'], { 'x-forwarded-for': address });
  raw.ws.send(CONNECT(token));
  await waitUntil(() => /MESSAGE|ERROR/.test(raw.text()), 10_000, 'CONNECTED or ERROR');
  return { raw, error: /ERROR\nmessage:([^\n]*)/.exec(raw.text())?.[1] ?? null };
}

describe('STOMP places kept for signed-in players', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ TRUST_PROXY: 'true', STOMP_MAX_CONNECTIONS: '12', STOMP_RESERVED_FOR_PLAYERS: '8' });
  }, 180_000);
  afterAll(() => t.close());

  it('lets one account hold STOMP_MAX_PER_ACCOUNT sockets, so other players still find their places', async () => {
    const strangers = await Promise.all([1, 2, 3, 4].map((i) => socketOf(t, `192.0.2.${i}`)));
    expect(strangers.map((s) => s.error)).toEqual([null, null, null, null]);
    const { token } = await newPlayer(t.api);
    const hoard = [];
    for (let i = 0; i < 8; i++) hoard.push(await socketOf(t, '203.0.113.9', token));
    await Promise.all(hoard.filter((s) => s.error !== null).map((s) => s.raw.closed));
    expect(hoard.map((s) => s.error)).toEqual([
      ...Array<null>(5).fill(null),
      ...Array<string>(3).fill('Too many connections for your account'),
    ]);
    const others = [];
    for (let i = 0; i < 3; i++) others.push(await socketOf(t, '203.0.113.9', (await newPlayer(t.api)).token));
    expect(others.map((s) => s.error)).toEqual([null, null, null]);
    for (const s of [...strangers, ...hoard, ...others]) s.raw.ws.close();
  });
});

describe('requests in progress per address', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ TRUST_PROXY: 'true', HTTP_ANONYMOUS_PER_ADDRESS: '2', STATIC_DIR: builtClient() });
  }, 180_000);
  afterAll(() => t.close());

  /** A POST whose body never finishes: a visitor's request held in progress. */
  const heldOpen = (address: string): Socket => {
    const socket = connect(Number(new URL(t.api).port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST /api/v1/auth/register HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${address}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email"',
    );
    return socket;
  };

  it('answers a visitor over HTTP_ANONYMOUS_PER_ADDRESS requests in progress 503 with Retry-After, never a player', async () => {
    const { token } = await newPlayer(t.api);
    const held = [heldOpen('203.0.113.20'), heldOpen('203.0.113.20')];
    await expect
      .poll(async () => (await call(t.api, 'GET', '/game/last', undefined, from('203.0.113.20'))).status)
      .toBe(503);
    const busy = await call(t.api, 'GET', '/game/last', undefined, from('203.0.113.20'));
    expect([busy.status, busy.retryAfter, busy.body.errorMessage]).toEqual([
      503,
      '1',
      'The server is busy: please try again in a moment',
    ]);
    expect((await call(t.api, 'GET', '/game/last', undefined, from('203.0.113.20', token))).status).toBe(200);
    expect((await call(t.api, 'GET', '/game/last', undefined, from('203.0.113.21'))).status).toBe(200);
    // The page's own files still load, so the visitor's page starts and can say the server is busy.
    expect(await pageFile(t.api, '/main-abcdefgh.js', '203.0.113.20')).toBe(200);
    for (const socket of held) socket.destroy();
    await expect
      .poll(async () => (await call(t.api, 'GET', '/game/last', undefined, from('203.0.113.20'))).status)
      .toBe(200);
  });
});

describe('shedding while the event loop runs late', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ TRUST_PROXY: 'true', HTTP_SHED_LAG_MS: '300', STATIC_DIR: builtClient() });
  }, 180_000);
  afterAll(() => t.close());

  it("sheds visitors' requests, never a signed-in player's bets and reads", async () => {
    // A busy machine delays this loop too: registering is a visitor's call, tried again as the page would.
    let token = '';
    await expect.poll(async () => (token = (await newPlayer(t.api).catch(() => ({ token: '' }))).token)).not.toBe('');
    // This test shares the server's event loop: hold it for two seconds, as a burst of work would.
    const until = performance.now() + 2000;
    while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const [visitor, player, cashOut, health] = await Promise.all([
      call(t.api, 'GET', '/game/last', undefined, from('198.51.100.30')),
      call(t.api, 'GET', '/game/last', undefined, from('198.51.100.30', token)),
      call(t.api, 'POST', '/bet/refund', { betId: 1 }, from('198.51.100.30', token)),
      call(t.api, 'GET', '/health', undefined, from('198.51.100.30')),
    ]);
    expect([visitor.status, visitor.retryAfter]).toEqual([503, '2']);
    expect([player.status, cashOut.status, health.status]).toEqual([200, 404, 200]);
    // Late again: the page's own files are served all the same.
    while (performance.now() < until + 2200);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await pageFile(t.api, '/', '198.51.100.30')).toBe(200);
  });
});
