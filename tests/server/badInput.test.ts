import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { bets, ledgerEntries, accounts, depositIntents, withdrawals } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { closeAllRounds, fundedPlayer, openRound } from './betting';
import { signIn } from './paymentClient';

const GARBAGE: unknown[] = [
  {},
  null,
  [],
  'just text',
  42,
  { amount: 1000, extra: 1 },
  { amount: '1000' },
  { amount: 'NaN' },
  { amount: -1000 },
  { amount: 0 },
  { amount: 999 },
  { amount: 1e20 },
  { amount: 1000.5 },
  { amount: 1000, rate: 2.001 },
  { amount: 1000, rate: 1 },
  { amount: 1000, rate: 1e7 },
  { amount: 1000, rate: -2 },
  { amount: 1000, rate: '2' },
  { betId: 'abc' },
  { betId: -1 },
  { betId: '1', more: true },
  { login: 'x' },
  { email: 'a@b.co', password: 'short' },
  { email: 'a@b.co', password: 'long enough', admin: true },
  { login: 'a@b.co', password: 7 },
  { amount: 0.5, evil: true },
  { amount: 1e15, wallet: '11111111111111111111111111111111' },
  { amount: 0.5, wallet: 'not-a-wallet' },
  { paymentData: { wallet: 'x', data: 'AA==' }, more: 1 },
  { paymentData: { wallet: 'x', data: '' } },
  { paymentData: 'AA==' },
];
const RAW = ['{', '{"amount": NaN}', '{"amount": 1e400}', 'null', ''];
const ENDPOINTS = [
  '/bet/create',
  '/bet/create/auto',
  '/bet/cancel',
  '/bet/refund',
  '/auth/authenticate',
  '/auth/register',
  '/payment/prepare',
  '/payment/pay/some-deposit',
  '/payment/withdraw',
  '/payment/faucet',
];

describe('bad input', () => {
  let t: TestServer;
  let db: Db;
  let token: string;
  /** A wallet player, as payments need. */
  let walletToken: string;
  beforeAll(async () => {
    t = await startServer({ ROLE: 'gateway' });
    db = t.server.services.database.db;
    await closeAllRounds(db);
    await openRound(db, 2);
    token = (await fundedPlayer(t.api, db, 100_000)).token;
    walletToken = (await signIn(t)).token;
  });
  afterAll(() => t.close());

  const snapshot = async () => {
    const [a] = await db.select({ n: count() }).from(accounts);
    const [b] = await db.select({ n: count() }).from(bets);
    const [l] = await db.select({ n: count() }).from(ledgerEntries);
    const [d] = await db.select({ n: count() }).from(depositIntents);
    const [w] = await db.select({ n: count() }).from(withdrawals);
    return [a!.n, b!.n, l!.n, d!.n, w!.n];
  };

  it('answers every garbage body on every endpoint with 400 and a sentence, and changes nothing', async () => {
    const before = await snapshot();
    // Bodies that are right for one endpoint: 1000 and 999 SOL are deposits within the limits.
    const valid: Record<string, unknown[]> = {
      '/bet/create': [{ amount: 1000 }],
      '/bet/create/auto': [{ amount: 1000, rate: 2 }],
      '/payment/prepare': [{ amount: '1000' }, { amount: 999 }],
    };
    for (const path of ENDPOINTS) {
      for (const body of [...GARBAGE.map((b) => JSON.stringify(b)), ...RAW]) {
        if (valid[path]?.some((v) => JSON.stringify(v) === body)) continue;
        const answer = await call(t.api, 'POST', path, body, {
          token: path.startsWith('/payment') ? walletToken : token,
        });
        const accepted = answer.status === 200;
        expect({ path, body, status: answer.status }).toEqual({ path, body, status: accepted ? 'not 200' : 400 });
        expect(answer.body.success).toBe(false);
        expect(answer.body.errorMessage!.length).toBeGreaterThan(8);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('names what is wrong in words a player can read', async () => {
    const cases: [string, unknown, string][] = [
      ['/bet/create', { amount: 999 }, 'The smallest bet is 10 coins'],
      ['/bet/create', { amount: 20_000_000 }, 'The largest bet is 100.000 coins'],
      ['/bet/create', { amount: 1000.5 }, 'amount must be a whole number of hundredths (at most two decimals)'],
      ['/bet/create', {}, 'amount is required'],
      ['/bet/create', { amount: 1000, x: 1 }, 'Unknown field: x'],
      ['/bet/create/auto', { amount: 1000, rate: 2.001 }, 'rate can have at most two decimals'],
      ['/bet/create/auto', { amount: 1000, rate: 1 }, 'rate must be between 1.01 and 1000000'],
      ['/bet/refund', { betId: 'abc' }, 'betId must be a bet id'],
    ];
    for (const [path, body, message] of cases)
      expect((await call(t.api, 'POST', path, body, { token })).body.errorMessage).toBe(message);
  });

  it('refuses a NUL character in any text, and a faucet transfer to a sysvar, with 400 and the envelope', async () => {
    const before = await snapshot();
    const nul = 'x\u0000y';
    const cases: [string, string, unknown, string][] = [
      ['POST', '/auth/register', { email: `a${nul}@example.com`, password: 'password1' }, 'email'],
      ['POST', '/auth/register', { email: 'nul1@example.com', password: 'password1', referralId: nul }, 'referralId'],
      ['POST', '/auth/register', { email: 'nul2@example.com', password: 'password1', telegramId: nul }, 'telegramId'],
      ['POST', '/auth/authenticate', { login: `a${nul}@example.com`, password: 'password1' }, 'login'],
      ['POST', '/auth/authenticate', { login: nul, signature: 'AA==', message: 'm' }, 'login'],
      ['POST', '/auth/register', { email: 'nul3@example.com', password: `password${nul}` }, 'password'],
      ['GET', `/auth/nonce?wallet=${encodeURIComponent(nul)}`, undefined, 'wallet'],
      ['POST', '/ops/auth', { email: `ops${nul}@example.com`, password: 'password1', totp: '123456' }, 'email'],
      ['GET', `/ops/audit?actor=${encodeURIComponent(nul)}`, undefined, 'actor'],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await call(t.api, method, path, body);
      expect({ path, field, status: answer.status, body: answer.body }).toEqual({
        ...{ path, field, status: 400 },
        body: { success: false, errorMessage: `${field} has a character that is not allowed` },
      });
    }
    for (const sysvar of [
      'SysvarRent111111111111111111111111111111111',
      'SysvarC1ock11111111111111111111111111111111',
    ]) {
      const answer = await call(t.api, 'POST', '/payment/faucet', { amount: 1, wallet: sysvar });
      expect([answer.status, answer.body]).toEqual([
        400,
        { success: false, errorMessage: 'This wallet cannot receive SOL' },
      ]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body over the size limit', async () => {
    const answer = await call(t.api, 'POST', '/bet/create', JSON.stringify({ amount: 1000, pad: 'x'.repeat(20_000) }), {
      token,
    });
    expect([answer.status, answer.body.errorMessage]).toEqual([413, 'Request body is too large']);
  });

  it('refuses bad query strings', async () => {
    expect((await call(t.api, 'GET', '/bet/history?before=abc', undefined, { token })).status).toBe(400);
    expect((await call(t.api, 'GET', '/bet/history?sneaky=1', undefined, { token })).status).toBe(400);
    expect((await call(t.api, 'GET', '/auth/nonce')).status).toBe(400);
  });
});

describe('bet and payment rate limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      ROLE: 'gateway',
      RATE_LIMIT_BET_ACCOUNT: '3',
      RATE_LIMIT_BET_IP: '5',
      RATE_LIMIT_PAYMENT_ACCOUNT: '2',
      RATE_LIMIT_PAYMENT_IP: '4',
    });
  });
  afterAll(() => t.close());

  it("limits payment calls per account, never by the address a crowd shares, and a visitor's faucet per address", async () => {
    const db = t.server.services.database.db;
    const [first, second] = [await fundedPlayer(t.api, db, 0), await fundedPlayer(t.api, db, 0)];
    const prepare = (token: string) =>
      call(t.api, 'POST', '/payment/prepare', { amount: 0.001 }, { token }).then((a) => a.status);
    expect([await prepare(first.token), await prepare(first.token), await prepare(first.token)]).toEqual([
      400, 400, 429,
    ]);
    // A second player behind the same address has a budget of their own (docs/operations.md "Admission").
    expect([await prepare(second.token), await prepare(second.token), await prepare(second.token)]).toEqual([
      400, 400, 429,
    ]);
    const faucet = () =>
      call(t.api, 'POST', '/payment/faucet', { amount: 0, wallet: '11111111111111111111111111111111' }).then(
        (a) => a.status,
      );
    expect([await faucet(), await faucet(), await faucet(), await faucet(), await faucet()]).toEqual([
      400, 400, 400, 400, 429,
    ]);
  });

  it('answers 429 past the per-account limit, while another player behind the same address keeps their own', async () => {
    const db = t.server.services.database.db;
    const first = await fundedPlayer(t.api, db, 0);
    const second = await fundedPlayer(t.api, db, 0);
    const history = (token: string) => call(t.api, 'GET', '/bet/history', undefined, { token }).then((a) => a.status);
    const statuses = [
      await history(first.token),
      await history(first.token),
      await history(first.token),
      await history(first.token),
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
    const others = [await history(second.token), await history(second.token), await history(second.token)];
    expect([...others, await history(second.token)]).toEqual([200, 200, 200, 429]);
  });
});
