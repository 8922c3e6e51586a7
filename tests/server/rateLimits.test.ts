import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import { startServer, type TestServer } from './harness';
import { call, cookiePair, newPlayer } from './client';

/** A call that says it comes from `address` (these servers trust X-Forwarded-For). */
const from = (address: string, token?: string) => ({ headers: { 'x-forwarded-for': address }, token });
const wallet = () => Keypair.generate().publicKey.toBase58();

/** The status of `times` calls made one after another. */
async function statuses(times: number, make: () => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push((await make()).status);
  return out;
}

describe('rate limits on bets', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ TRUST_PROXY: 'true', RATE_LIMIT_BET_IP: '5', RATE_LIMIT_BET_ACCOUNT: '5' });
  });
  afterAll(() => t.close());

  it("lets no other traffic from the same address make a player's bet, cash-out or cancel answer 429", async () => {
    const player = await newPlayer(t.api);
    const neighbour = await newPlayer(t.api);
    // Anonymous junk and a neighbour's bets from the same address (a carrier NAT, or every player
    // when no proxy is trusted): the junk is refused as such, the neighbour meets its own budget...
    expect(new Set(await statuses(8, () => call(t.api, 'POST', '/bet/create', { amount: 1000 })))).toEqual(
      new Set([401]),
    );
    const theirs = await statuses(8, () => call(t.api, 'POST', '/bet/create', { amount: 1000 }, neighbour));
    expect(theirs.slice(5)).toEqual([429, 429, 429]);
    // ...and spend nothing of the player's, whose bets are counted on the account only.
    expect((await call(t.api, 'POST', '/bet/create', { amount: 1000 }, player)).status).not.toBe(429);
    expect((await call(t.api, 'POST', '/bet/refund', { betId: 1 }, player)).status).toBe(404);
    expect((await call(t.api, 'POST', '/bet/cancel', { betId: 1 }, player)).status).toBe(404);
  });

  it('counts cancels per address too: many accounts from one address cannot churn past its budget', async () => {
    const accounts = [await newPlayer(t.api), await newPlayer(t.api), await newPlayer(t.api)];
    const cancel = (token: string, address: string) =>
      call(t.api, 'POST', '/bet/cancel', { betId: 1 }, from(address, token));
    const churn = [];
    for (const { token } of accounts) churn.push(...(await statuses(2, () => cancel(token, '198.51.100.50'))));
    expect(churn).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await cancel(accounts[0]!.token, '198.51.100.51')).status).toBe(404);
    expect(
      (await call(t.api, 'POST', '/bet/refund', { betId: 1 }, from('198.51.100.50', accounts[2]!.token))).status,
    ).toBe(404);
  });

  it('limits cash-outs and cancels per account', async () => {
    const player = await newPlayer(t.api);
    const other = await newPlayer(t.api);
    const mine = await statuses(6, () => call(t.api, 'POST', '/bet/refund', { betId: 1 }, { token: player.token }));
    expect(mine).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await call(t.api, 'POST', '/bet/cancel', { betId: 1 }, { token: player.token })).status).toBe(429);
    expect((await call(t.api, 'POST', '/bet/refund', { betId: 1 }, { token: other.token })).status).toBe(404);
  });
});

describe('rate limits on sign-in', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      TRUST_PROXY: 'true',
      RATE_LIMIT_AUTH_IP: '4',
      RATE_LIMIT_AUTH_LOGIN: '2',
    });
  });
  afterAll(() => t.close());

  const nonce = (target: string, address: string) =>
    call(t.api, 'GET', `/auth/nonce?wallet=${target}`, undefined, from(address));

  it("counts nonces per address on a budget of their own: a flood of them spends no sign-in's", async () => {
    const victim = wallet();
    expect(await statuses(5, () => nonce(victim, '198.51.100.1'))).toEqual([200, 200, 200, 200, 429]);
    expect((await nonce(victim, '198.51.100.2')).status).toBe(200);
    const { email } = await newPlayer(t.api);
    const login = { login: email, password: 'correct horse' };
    expect((await call(t.api, 'POST', '/auth/authenticate', login, from('198.51.100.1'))).status).toBe(200);
  });

  it('counts password sign-ins per (login, address)', async () => {
    const { email } = await newPlayer(t.api);
    const login = (address: string) =>
      call(t.api, 'POST', '/auth/authenticate', { login: email, password: 'wrong password' }, from(address));
    expect(await statuses(3, () => login('198.51.100.3'))).toEqual([401, 401, 429]);
    expect(
      (
        await call(
          t.api,
          'POST',
          '/auth/authenticate',
          { login: email, password: 'correct horse' },
          from('198.51.100.4'),
        )
      ).status,
    ).toBe(200);
  });

  it('keys IPv6 addresses by their /64', async () => {
    const tries = await statuses(5, () =>
      nonce(wallet(), `2001:db8:7:7::${Math.floor(Math.random() * 0xffff).toString(16)}`),
    );
    expect(tries).toEqual([200, 200, 200, 200, 429]);
    expect((await nonce(wallet(), '2001:db8:7:8::1')).status).toBe(200);
  });
});

describe('a crowd of addresses sending junk to /auth', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      TRUST_PROXY: 'true',
      RATE_LIMIT_AUTH_IP: '60',
      RATE_LIMIT_AUTH_LOGIN: '10',
    });
  });
  afterAll(() => t.close());

  const nonce = (target: string, address: string) =>
    call(t.api, 'GET', `/auth/nonce?wallet=${target}`, undefined, from(address));

  it("neither refuses a player's refresh nor a sign-in from a fresh address", async () => {
    const signIn = await call(t.api, 'POST', '/auth/register', { email: 'crowd@example.com', password: 'password1' });
    const cookie = cookiePair(signIn.cookies[0]);
    const { email } = await newPlayer(t.api);
    // Twenty addresses, each two over its own budget: 1,240 refreshes with a cookie nobody was given
    // (11-27 s on a loaded machine, hence the longer timeout).
    const junk = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        statuses(62, () =>
          call(t.api, 'POST', '/auth/refresh', undefined, {
            ...from(`192.0.2.${i + 1}`),
            cookie: 'refresh_token=junk',
          }),
        ),
      ),
    );
    const refresh = await call(t.api, 'POST', '/auth/refresh', undefined, { ...from('192.0.2.1'), cookie });
    expect(refresh.status).toBe(200);
    const login = { login: email, password: 'correct horse' };
    expect((await call(t.api, 'POST', '/auth/authenticate', login, from('198.51.100.200'))).status).toBe(200);
    expect((await nonce(wallet(), '198.51.100.201')).status).toBe(200);
    expect(junk.flat().filter((s) => s === 429)).toHaveLength(40);
  }, 120_000);
});
