import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { Profile, SignInInput } from '../../src/shared/protocol';
import { accounts, refreshTokens, signInNonces } from '../../src/server/db/schema';
import { startServer, type TestServer } from './harness';
import { call, cookiePair } from './client';
import { testWallet, type TestWallet } from './wallet';

/** A GET with headers fetch will not send (Host); resolves to the body. */
function rawGet(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe('sign-in and tokens', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  const nonce = async (wallet: TestWallet) =>
    (await call<SignInInput>(t.api, 'GET', `/auth/nonce?wallet=${wallet.address}`)).body.data!;
  const signInWith = (wallet: TestWallet, message: string, signature = wallet.signText(message), extra = {}) =>
    call<{ token: string }>(t.api, 'POST', '/auth/authenticate', {
      login: wallet.address,
      signature,
      message,
      ...extra,
    });

  it('hands out a Sign-In-With-Solana input with a long nonce that expires in 5 minutes', async () => {
    const wallet = testWallet();
    const input = await nonce(wallet);
    expect(input).toMatchObject({
      address: wallet.address,
      version: '1',
      chainId: 'solana:localnet',
      domain: new URL(t.api).host,
    });
    expect(input.uri).toBe(new URL(t.api).origin);
    expect(input.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(Date.parse(input.expirationTime) - Date.parse(input.issuedAt)).toBe(5 * 60_000);
    expect(input.statement).toBeTruthy();
  });

  it("names the server's own address in the sign-in input, whatever Host the request carries", async () => {
    const wallet = testWallet();
    const answer = await rawGet(`${t.api}/auth/nonce?wallet=${wallet.address}`, { host: 'evil.example' });
    const input = (JSON.parse(answer) as { data: SignInInput }).data;
    expect(input.domain).toBe(new URL(t.api).host);
    expect(input.uri).toBe(new URL(t.api).origin);
  });

  it('refuses a nonce for something that is not a wallet address', async () => {
    const answer = await call(t.api, 'GET', '/auth/nonce?wallet=not-a-wallet');
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessage).toBe('That is not a Solana wallet address');
  });

  it('signs a wallet in with the exact SIWS text, once: a replay is refused', async () => {
    const wallet = testWallet();
    const message = createSignInMessageText(await nonce(wallet));
    const first = await signInWith(wallet, message);
    expect(first.status).toBe(200);
    const profile = await call<Profile>(t.api, 'GET', '/user/profile', undefined, { token: first.body.data!.token });
    expect(profile.body.data).toMatchObject({ balanceAmount: 0, wallet: wallet.address });
    expect(profile.body.data!.email).toMatch(/^[A-Za-z0-9]{10}$/);
    const replay = await signInWith(wallet, message);
    expect(replay.status).toBe(401);
  });

  it('refuses an expired sign-in input', async () => {
    const wallet = testWallet();
    const input = await nonce(wallet);
    await t.server.services.database.db
      .update(signInNonces)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(signInNonces.nonce, input.nonce));
    expect((await signInWith(wallet, createSignInMessageText(input))).status).toBe(401);
  });

  it('refuses a signature by another key, another domain, and another address', async () => {
    const wallet = testWallet();
    const intruder = testWallet();
    const input = await nonce(wallet);
    const message = createSignInMessageText(input);
    expect((await signInWith(wallet, message, intruder.signText(message))).status).toBe(401);
    const foreign = createSignInMessageText({ ...input, domain: 'evil.example' });
    expect((await signInWith(wallet, foreign)).status).toBe(401);
    const stolen = createSignInMessageText({ ...input, address: intruder.address });
    expect((await signInWith(intruder, stolen)).status).toBe(401);
    expect((await signInWith(wallet, message)).status).toBe(200);
  });

  it('accepts a Ledger-style Memo transaction holding the text, and refuses one with another instruction', async () => {
    const wallet = testWallet();
    const message = createSignInMessageText(await nonce(wallet));
    const extra = new TransactionInstruction({ programId: PublicKey.default, keys: [], data: Buffer.alloc(4) });
    expect((await signInWith(wallet, message, wallet.signMemo(message, extra))).status).toBe(401);
    expect((await signInWith(wallet, message, wallet.signMemo(message + ' '))).status).toBe(401);
    expect((await signInWith(wallet, message, wallet.signMemo(message))).status).toBe(200);
  });

  it('records referralId and telegramId at the first sign-in only', async () => {
    const referrer = await call<{ token: string }>(t.api, 'POST', '/auth/register', {
      email: 'ref@example.com',
      password: 'password1',
    });
    const code = (await call<Profile>(t.api, 'GET', '/user/profile', undefined, { token: referrer.body.data!.token }))
      .body.data!.email;
    const wallet = testWallet();
    expect(
      (
        await signInWith(wallet, createSignInMessageText(await nonce(wallet)), undefined, {
          referralId: code,
          telegramId: '42',
        })
      ).status,
    ).toBe(200);
    expect(
      (await signInWith(wallet, createSignInMessageText(await nonce(wallet)), undefined, { telegramId: '43' })).status,
    ).toBe(200);
    const [row] = await t.server.services.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.wallet, wallet.address));
    const [ref] = await t.server.services.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'ref@example.com'));
    expect(row).toMatchObject({ referredBy: ref!.id, telegramId: '42' });
  });

  it('registers email accounts with clear errors, and never says an email is taken', async () => {
    const ok = await call<{ token: string }>(t.api, 'POST', '/auth/register', {
      email: 'Ann@Example.com',
      password: 'long enough',
    });
    expect(ok.status).toBe(200);
    // A taken email is never named so: registering it is signing in with that password.
    const profile = async (token: string) =>
      (await call<{ nickname: string }>(t.api, 'GET', '/user/profile', undefined, { token })).body.data!.nickname;
    const again = await call<{ token: string }>(t.api, 'POST', '/auth/register', {
      email: 'ann@example.com',
      password: 'long enough',
    });
    expect(again.status).toBe(200);
    expect(await profile(again.body.data!.token)).toBe(await profile(ok.body.data!.token));
    const guess = await call(t.api, 'POST', '/auth/register', {
      email: 'ann@example.com',
      password: 'not her password',
    });
    const signIn = await call(t.api, 'POST', '/auth/authenticate', { login: 'ann@example.com', password: 'not hers' });
    expect([guess.status, guess.body]).toEqual([signIn.status, signIn.body]);
    expect([guess.status, guess.body.errorMessage]).toEqual([401, 'Invalid email or password']);
    const short = await call(t.api, 'POST', '/auth/register', { email: 'bob@example.com', password: 'short' });
    expect([short.status, short.body.errorMessage]).toEqual([400, 'Password must be at least 8 characters']);
    const bad = await call(t.api, 'POST', '/auth/register', { email: 'bob', password: 'long enough' });
    expect([bad.status, bad.body.errorMessage]).toEqual([400, 'Enter a valid email']);
  });

  it('signs in with email and password, with one answer for a wrong password or an unknown email', async () => {
    await call(t.api, 'POST', '/auth/register', { email: 'cat@example.com', password: 'meow meow' });
    const good = await call<{ token: string }>(t.api, 'POST', '/auth/authenticate', {
      login: 'CAT@example.com',
      password: 'meow meow',
    });
    expect(good.status).toBe(200);
    for (const body of [
      { login: 'cat@example.com', password: 'woof woof' },
      { login: 'nobody@example.com', password: 'meow meow' },
    ]) {
      const answer = await call(t.api, 'POST', '/auth/authenticate', body);
      expect([answer.status, answer.body.errorMessage]).toEqual([401, 'Invalid email or password']);
    }
  });

  it('sets an httpOnly SameSite=Strict refresh cookie scoped to /api/v1/auth and rotates it on every refresh', async () => {
    const signIn = await call<{ token: string }>(t.api, 'POST', '/auth/register', {
      email: 'dan@example.com',
      password: 'password1',
    });
    const setCookie = signIn.cookies[0]!;
    expect(setCookie).toMatch(/^refresh_token=[\w-]{40,}/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/v1/auth');
    const first = cookiePair(setCookie);
    const rotated = await call<{ token: string }>(t.api, 'POST', '/auth/refresh', undefined, { cookie: first });
    expect(rotated.status).toBe(200);
    const second = cookiePair(rotated.cookies[0]);
    expect(second).not.toBe(first);
    expect((await call(t.api, 'GET', '/user/profile', undefined, { token: rotated.body.data!.token })).status).toBe(
      200,
    );
  });

  it('lets parallel refreshes with one cookie through, and revokes the family when a used cookie comes back later', async () => {
    const signIn = await call(t.api, 'POST', '/auth/register', { email: 'fay@example.com', password: 'password1' });
    const first = cookiePair(signIn.cookies[0]);
    const parallel = await Promise.all(
      [1, 2, 3].map(() => call(t.api, 'POST', '/auth/refresh', undefined, { cookie: first })),
    );
    expect(parallel.map((a) => a.status)).toEqual([200, 200, 200]);
    const latest = cookiePair(parallel[2]!.cookies[0]);
    await t.server.services.database.db
      .update(refreshTokens)
      .set({ usedAt: Date.now() - 60_000 })
      .where(isNotNull(refreshTokens.usedAt));
    expect((await call(t.api, 'POST', '/auth/refresh', undefined, { cookie: first })).status).toBe(401);
    expect((await call(t.api, 'POST', '/auth/refresh', undefined, { cookie: latest })).status).toBe(401);
  });

  it('logs out: the refresh cookie stops working', async () => {
    const signIn = await call(t.api, 'POST', '/auth/register', { email: 'eve@example.com', password: 'password1' });
    const cookie = cookiePair(signIn.cookies[0]);
    expect((await call(t.api, 'POST', '/auth/logout', undefined, { cookie })).status).toBe(200);
    expect((await call(t.api, 'POST', '/auth/refresh', undefined, { cookie })).status).toBe(401);
  });

  it('answers 401 without a token or with a forged one', async () => {
    expect((await call(t.api, 'GET', '/user/profile')).status).toBe(401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwibmljayI6IngifQ.c2lnbmF0dXJl';
    expect((await call(t.api, 'GET', '/user/profile', undefined, { token: forged })).status).toBe(401);
  });
});

describe('sign-in behind a trusted proxy', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it("names the server's own address, not the X-Forwarded-Host a proxy passes on", async () => {
    const answer = await rawGet(`${t.api}/auth/nonce?wallet=${testWallet().address}`, {
      'x-forwarded-host': 'evil.example',
    });
    expect((JSON.parse(answer) as { data: SignInInput }).data.domain).toBe(new URL(t.api).host);
  });
});

describe('auth rate limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ RATE_LIMIT_AUTH_LOGIN: '3', RATE_LIMIT_AUTH_IP: '6' });
  });
  afterAll(() => t.close());

  it('answers 429 after too many attempts on one login, then for the IP, whatever X-Forwarded-For claims', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await call(t.api, 'POST', '/auth/authenticate', { login: 'x@example.com', password: 'guess' + i + 'xxxx' }))
          .status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    const others = [];
    for (let i = 0; i < 3; i++)
      others.push(
        (
          await call(
            t.api,
            'POST',
            '/auth/authenticate',
            { login: `y${i}@example.com`, password: 'guessxxxx' },
            { headers: { 'x-forwarded-for': `203.0.113.${i}` } },
          )
        ).status,
      );
    expect(others).toEqual([401, 401, 429]);
  });
});
