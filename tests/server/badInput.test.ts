import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { bets, ledgerEntries, accounts } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { closeAllRounds, fundedPlayer, openRound } from './betting';

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
];
const RAW = ['{', '{"amount": NaN}', '{"amount": 1e400}', 'null', ''];
const ENDPOINTS = [
  '/bet/create',
  '/bet/create/auto',
  '/bet/cancel',
  '/bet/refund',
  '/auth/authenticate',
  '/auth/register',
];

describe('bad input', () => {
  let t: TestServer;
  let db: Db;
  let token: string;
  beforeAll(async () => {
    t = await startServer({ ROLE: 'gateway' });
    db = t.server.services.database.db;
    await closeAllRounds(db);
    await openRound(db, 2);
    token = (await fundedPlayer(t.api, db, 100_000)).token;
  });
  afterAll(() => t.close());

  const snapshot = async () => {
    const [a] = await db.select({ n: count() }).from(accounts);
    const [b] = await db.select({ n: count() }).from(bets);
    const [l] = await db.select({ n: count() }).from(ledgerEntries);
    return [a!.n, b!.n, l!.n];
  };

  it('answers every garbage body on every endpoint with 400 and a sentence, and changes nothing', async () => {
    const before = await snapshot();
    const valid: Record<string, unknown> = {
      '/bet/create': { amount: 1000 },
      '/bet/create/auto': { amount: 1000, rate: 2 },
    };
    for (const path of ENDPOINTS) {
      for (const body of [...GARBAGE.map((b) => JSON.stringify(b)), ...RAW]) {
        if (body === JSON.stringify(valid[path])) continue;
        const answer = await call(t.api, 'POST', path, body, { token });
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

describe('bet rate limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ ROLE: 'gateway', RATE_LIMIT_BET_ACCOUNT: '3', RATE_LIMIT_BET_IP: '5' });
  });
  afterAll(() => t.close());

  it('answers 429 past the per-account limit, while another player still gets through until the IP limit', async () => {
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
    expect([await history(second.token), await history(second.token)]).toEqual([200, 429]);
  });
});
