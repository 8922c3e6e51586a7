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

  it('lets no other traffic from the same address make a cash-out answer 429, nor junk and bets a cancel', async () => {
    const player = await newPlayer(t.api);
    const neighbour = await newPlayer(t.api);
    // Anonymous calls and another account's calls from the same address (a carrier NAT, or every
    // player when no proxy is trusted) spend the address's bet budget...
    await statuses(8, () => call(t.api, 'POST', '/bet/refund', { betId: 1 }));
    await statuses(8, () => call(t.api, 'POST', '/bet/create', { amount: 1000 }));
    await statuses(8, () => call(t.api, 'POST', '/bet/refund', { betId: 1 }, { token: neighbour.token }));
    expect((await call(t.api, 'POST', '/bet/create', { amount: 1000 }, { token: player.token })).status).toBe(429);
    // ...but the player's own cash-out is counted on the player's account only, and a cancel on
    // the account and on the signed-in cancels of the address.
    expect((await call(t.api, 'POST', '/bet/refund', { betId: 1 }, { token: player.token })).status).toBe(404);
    expect((await call(t.api, 'POST', '/bet/cancel', { betId: 1 }, { token: player.token })).status).toBe(404);
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
      RATE_LIMIT_AUTH_GLOBAL: '40',
    });
  });
  afterAll(() => t.close());

  const nonce = (target: string, address: string) =>
    call(t.api, 'GET', `/auth/nonce?wallet=${target}`, undefined, from(address));

  it('counts nonce calls for a wallet per (wallet, address): a stranger cannot lock the wallet out', async () => {
    const victim = wallet();
    expect(await statuses(3, () => nonce(victim, '198.51.100.1'))).toEqual([200, 200, 429]);
    expect((await nonce(victim, '198.51.100.2')).status).toBe(200);
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

  it('has a ceiling over every address together', async () => {
    const spent = await statuses(60, () => nonce(wallet(), `203.0.113.${Math.floor(Math.random() * 250)}`));
    expect(spent).toContain(429);
    expect(spent.filter((s) => s === 200).length).toBeLessThanOrEqual(40);
  });
});

describe('a crowd of addresses sending junk to /auth', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      TRUST_PROXY: 'true',
      RATE_LIMIT_AUTH_IP: '60',
      RATE_LIMIT_AUTH_LOGIN: '10',
      RATE_LIMIT_AUTH_GLOBAL: '1200',
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
