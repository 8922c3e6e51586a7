import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUND_BETS_PAGE } from '../../src/shared/constants';
import { accounts, bets, depositIntents, seedChains } from '../../src/server/db/schema';
import { insertRound, markEnded, markStarted } from '../../src/server/game/rounds';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { localChain, signIn } from './paymentClient';

/** How many times `method` of the local chain is called while `run` runs. */
async function chainCalls(
  t: TestServer,
  method: 'latestBlockhash' | 'balance' | 'status',
  run: () => Promise<unknown>,
) {
  const chain = localChain(t);
  const original = chain[method] as (...args: unknown[]) => Promise<unknown>;
  let calls = 0;
  (chain as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
    calls += 1;
    return original.apply(chain, args);
  };
  try {
    await run();
  } finally {
    (chain as unknown as Record<string, unknown>)[method] = original;
  }
  return calls;
}

/** An open bet of 1 coin, as the tests write it straight into the database. */
const openBet = (roundId: number, accountId: number) => ({
  roundId,
  accountId,
  amount: 100,
  status: 'CREATED' as const,
  cashoutAt: 100_000,
  createdAt: Date.now(),
});

const many = (n: number, make: () => Promise<{ status: number }>) => Promise.all(Array.from({ length: n }, make));

describe('expensive public reads', () => {
  let t: TestServer;
  beforeAll(async () => {
    // The first round stays in its betting window: nothing but the tests changes what the reads answer.
    t = await startServer({
      TRUST_PROXY: 'true',
      PUBLIC_CACHE_MS: '5000',
      TICK_MS: '5000',
      BETTING_MS: '600000',
      RATE_LIMIT_PUBLIC_IP: '40',
    });
  });
  afterAll(() => t.close());

  const get = (path: string, address: string, token?: string) =>
    call(t.api, 'GET', path, undefined, { headers: { 'x-forwarded-for': address }, token });

  it('asks the chain once for the reserves however many strangers ask, and the local chain for its newest blockhash every time', async () => {
    // The local chain accepts only its newest blockhash: a reused one could be dead by the time a deposit is signed.
    const blockhash = await chainCalls(t, 'latestBlockhash', () =>
      many(30, () => get('/payment/blockhash', '198.51.100.1')),
    );
    expect(blockhash).toBe(30);
    const reserves = await chainCalls(t, 'balance', () => many(30, () => get('/payment/reserves', '198.51.100.2')));
    expect(reserves).toBe(1);
  });

  it('reads the leaders from the database once per PUBLIC_CACHE_MS however many ask', async () => {
    const first = await Promise.all(Array.from({ length: 20 }, () => get('/game/leaders', '198.51.100.3')));
    const { db } = t.server.services.database;
    const now = Date.now();
    const roundId = await insertRound(db, {
      hash: `leaders-${now}`,
      fullRate: 9,
      salt: 's',
      createdAt: now,
      startsAt: now,
    });
    await markEnded(db, roundId, now, 900);
    const [account] = await db
      .insert(accounts)
      .values({ nickname: 'winner', referralCode: `w${now}`, createdAt: now })
      .returning();
    const [won] = await db
      .insert(bets)
      .values({
        roundId,
        accountId: account!.id,
        amount: 100,
        status: 'CASHED_OUT',
        cashoutAt: 800,
        rate: 800,
        winAmount: 800,
        createdAt: now,
        settledAt: now,
      })
      .returning();
    const cached = await get('/game/leaders', '198.51.100.3');
    expect(new Set([...first, cached].map((reply) => JSON.stringify(reply.body))).size).toBe(1);
    expect((cached.body as { data: { betId: string }[] }).data.map((b) => b.betId)).not.toContain(String(won!.id));
    await db.delete(bets).where(eq(bets.id, won!.id));
  });

  it("looks at a deposit's transaction on the chain once for many status calls", async () => {
    const player = await signIn(t);
    const prepared = await call<{ token: string }>(
      t.api,
      'POST',
      '/payment/prepare',
      { amount: 0.1 },
      { token: player.token },
    );
    const db = t.server.services.database.db;
    await db.update(depositIntents).set({ signature: bs58.encode(randomBytes(64)), lastValidBlockHeight: 1_000_000n });
    const path = `/payment/deposit/${prepared.body.data!.token}`;
    // The payment worker's own deposit loop looks at the chain too: only the route's looks are counted.
    await t.server.services.paymentWorker.stop();
    const looks = await chainCalls(t, 'status', () => many(30, () => get(path, '198.51.100.3', player.token)));
    t.server.services.paymentWorker.start();
    expect(looks).toBe(1);
  });

  it('answers the game reads from one database read per period however many ask', async () => {
    const { db } = t.server.services.database;
    const now = Date.now();
    const roundId = await insertRound(db, {
      hash: `cached-${now}`,
      fullRate: 3,
      salt: 's',
      createdAt: now,
      startsAt: now,
    });
    const paths = [
      '/game/info',
      '/game/last?limit=100',
      `/game/bets/${roundId}`,
      `/game/round/${roundId}`,
      '/game/fairness',
    ];
    // serverTime is the moment of each answer; everything else comes from the database.
    const answer = async (path: string) => {
      const { status, body } = await get(path, '198.51.100.4');
      expect(status).toBe(200);
      return JSON.stringify(body, (key, value: unknown) => (key === 'serverTime' ? undefined : value));
    };
    const first = await Promise.all(paths.map((path) => Promise.all(Array.from({ length: 10 }, () => answer(path)))));
    for (const answers of first) expect(new Set(answers).size).toBe(1);

    // Every answer would change now: a bet in the round, the round played to its end, the seed chain's source.
    const [account] = await db
      .insert(accounts)
      .values({ nickname: 'late', referralCode: `l${now}`, createdAt: now })
      .returning();
    await db.insert(bets).values(openBet(roundId, account!.id));
    await markStarted(db, roundId, now);
    await markEnded(db, roundId, now + 10, 100);
    await db.update(seedChains).set({ clientSeedSource: 'changed under the cache' });

    expect(await Promise.all(paths.map(answer))).toEqual(first.map((answers) => answers[0]));
  });

  it('pages the bets of a round, newest first, with before and limit', async () => {
    const { db } = t.server.services.database;
    const now = Date.now();
    const roundId = await insertRound(db, {
      hash: `paged-${now}`,
      fullRate: 3,
      salt: 's',
      createdAt: now,
      startsAt: now,
    });
    const [account] = await db
      .insert(accounts)
      .values({ nickname: 'pager', referralCode: `p${now}`, createdAt: now })
      .returning();
    const rows = await db
      .insert(bets)
      .values(Array.from({ length: 5 }, () => openBet(roundId, account!.id)))
      .returning({ id: bets.id });
    const ids = rows.map((row) => String(row.id)).reverse();
    const page = async (query: string) => {
      const { status, body } = await get(`/game/bets/${roundId}${query}`, '198.51.100.5');
      return status === 200 ? (body.data as { betId: string }[]).map((bet) => bet.betId) : status;
    };
    expect(await page('')).toEqual(ids);
    expect(await page('?limit=2')).toEqual(ids.slice(0, 2));
    expect(await page(`?limit=2&before=${ids[1]}`)).toEqual(ids.slice(2, 4));
    expect(await page(`?before=${ids[3]}`)).toEqual(ids.slice(4));
    expect(await page(`?limit=${ROUND_BETS_PAGE + 1}`)).toBe(400);
    expect(await page('?before=abc')).toBe(400);
  });

  it('limits public reads per address, each route on a budget of its own', async () => {
    for (const path of [
      '/payment/reserves',
      '/game/info',
      '/game/last',
      '/game/leaders',
      '/game/fairness',
      '/game/round/1',
      '/game/bets/1',
      '/ready',
    ]) {
      const replies = await many(45, () => get(path, '198.51.100.9'));
      expect(replies.filter((r) => r.status === 429).length, path).toBe(5);
      expect((await get(path, '198.51.100.10')).status, path).toBe(200);
    }
  });
});
