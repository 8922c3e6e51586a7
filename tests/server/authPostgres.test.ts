import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { passwordFailures } from '../../src/server/db/schema';
import { SESSION_CHECK_MS } from '../../src/server/auth/Tokens';
import { startServer, type TestServer } from './harness';
import { call, cookiePair, newPlayer } from './client';
import { startPostgres, type PostgresCluster } from './pg';

/** A call from `address` with user agent `agent` (these servers trust X-Forwarded-For). */
const client = (address: string, agent: string, cookie?: string) => ({
  headers: { 'x-forwarded-for': address, 'user-agent': agent },
  cookie,
});

describe('sessions and passwords on PostgreSQL', () => {
  let cluster: PostgresCluster;
  /** Two processes on one database, as the gateways of a cluster. */
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase('sessions');
    const env = { DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), TRUST_PROXY: 'true' };
    a = await startServer(env);
    b = await startServer({ ...env, ROLE: 'gateway' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    cluster?.stop();
  });

  it('logout stops the access token at once here and within a second on every other process', async () => {
    const signIn = await call<{ token: string }>(a.api, 'POST', '/auth/register', {
      email: 'leaver@example.com',
      password: 'password1',
    });
    const token = signIn.body.data!.token;
    const profile = (api: string) => call(api, 'GET', '/user/profile', undefined, { token });
    expect((await profile(a.api)).status).toBe(200);
    expect((await profile(b.api)).status).toBe(200);
    expect(
      (await call(a.api, 'POST', '/auth/logout', undefined, { cookie: cookiePair(signIn.cookies[0]) })).status,
    ).toBe(200);
    expect((await profile(a.api)).status).toBe(401);
    const deadline = Date.now() + SESSION_CHECK_MS + 2000;
    let status = (await profile(b.api)).status;
    while (status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await profile(b.api)).status;
    }
    expect(status).toBe(401);
  });

  it('honours a used refresh token again only for the client that used it; anyone else revokes the family', async () => {
    const signIn = await call(a.api, 'POST', '/auth/register', { email: 'twin@example.com', password: 'password1' });
    const first = cookiePair(signIn.cookies[0]);
    const phone = client('198.51.100.10', 'Phone/1.0', first);
    const used = await call<{ token: string }>(a.api, 'POST', '/auth/refresh', undefined, phone);
    expect(used.status).toBe(200);
    // The same page again within the grace window (a second tab): still fine, on any process.
    expect((await call(b.api, 'POST', '/auth/refresh', undefined, phone)).status).toBe(200);
    // The same cookie from another address, or with another user agent, within the window: stolen.
    const thief = await call(b.api, 'POST', '/auth/refresh', undefined, client('203.0.113.66', 'Phone/1.0', first));
    expect(thief.status).toBe(401);
    expect(
      (await call(a.api, 'POST', '/auth/refresh', undefined, { cookie: cookiePair(used.cookies[0]) })).status,
    ).toBe(401);
    expect((await call(a.api, 'GET', '/user/profile', undefined, { token: used.body.data!.token })).status).toBe(401);

    const other = await call(a.api, 'POST', '/auth/register', { email: 'twin2@example.com', password: 'password1' });
    const cookie = cookiePair(other.cookies[0]);
    expect((await call(a.api, 'POST', '/auth/refresh', undefined, client('198.51.100.11', 'A', cookie))).status).toBe(
      200,
    );
    expect((await call(a.api, 'POST', '/auth/refresh', undefined, client('198.51.100.11', 'B', cookie))).status).toBe(
      401,
    );
  });

  it('lets exactly one of two clients at two gateways win a race for one refresh token; the loser revokes the family', async () => {
    const trials = 24;
    const outcomes: string[] = [];
    for (let trial = 0; trial < trials; trial++) {
      const signIn = await call(a.api, 'POST', '/auth/register', {
        email: `racer${trial}@example.com`,
        password: 'password1',
      });
      const cookie = cookiePair(signIn.cookies[0]);
      const owner = client(`198.51.100.${trial + 20}`, 'Owner/1.0', cookie);
      const thief = client(`203.0.113.${trial + 20}`, 'Thief/1.0', cookie);
      const answers = await Promise.all([
        call<{ token: string }>(a.api, 'POST', '/auth/refresh', undefined, owner),
        call<{ token: string }>(b.api, 'POST', '/auth/refresh', undefined, thief),
      ]);
      const winners = answers.filter((answer) => answer.status === 200);
      // What the winner got is dead too: its branch belongs to a revoked family.
      const alive = await Promise.all(
        winners.map(async (winner) => {
          const next = { ...owner, cookie: cookiePair(winner.cookies[0]) };
          return (await call(a.api, 'POST', '/auth/refresh', undefined, next)).status === 200;
        }),
      );
      outcomes.push(`${answers.map((answer) => answer.status).join('/')} alive ${alive.filter(Boolean).length}`);
    }
    // Each trial: the two answers, and how many winners' new cookies still refresh.
    expect(outcomes.filter((outcome) => !/^(200\/401|401\/200) alive 0$/.test(outcome))).toEqual([]);
  });

  it('holds parallel guesses from many addresses to the ceiling per email, which the owner passes from a known address', async () => {
    const { email } = await newPlayer(a.api); // from 127.0.0.1
    const guess = (i: number, password = `wrong password ${i}`, address = `192.0.2.${i}`) =>
      call(i % 2 ? a.api : b.api, 'POST', '/auth/authenticate', { login: email, password }, client(address, 'x'));
    // Counted before the hash, under PostgreSQL's row lock: 60 at once on two processes cannot slip past 50.
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => guess(i + 1)));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(50);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
    // The right password from a new address waits; from an address the owner used, it signs in.
    expect((await guess(100, 'correct horse')).status).toBe(429);
    expect((await guess(101, 'correct horse', '127.0.0.1')).status).toBe(200);
    // An hour later the ceiling is forgotten.
    await a.server.services.database.db.update(passwordFailures).set({ lastFailedAt: Date.now() - 3600_000 - 1 });
    expect((await guess(102, 'correct horse')).status).toBe(200);
  });
});
