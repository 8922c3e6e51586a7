import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PlayerStats } from '../../src/shared/protocol';
import { bets, rounds, type BetStatus } from '../../src/server/db/schema';
import { STATS_POINTS } from '../../src/server/ledger/stats';
import { fundedPlayer } from './betting';
import { call } from './client';
import { startServer, type TestServer } from './harness';

const DAY = 86_400_000;

/** GET /user/stats on PGlite, as the in-process server runs it; the engine is stopped so only the rows below exist. */
describe('GET /user/stats', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ BETTING_MS: '600000' });
    await t.server.services.engine.stop();
  });
  afterAll(() => t?.close());

  /** A round ENDED (or in `state`) at `endedAt`. */
  async function round(fullRate: number, endedAt: number, state = 'ENDED'): Promise<number> {
    const [row] = await t.server.services.database.db
      .insert(rounds)
      .values({ state, hash: `h${Math.random()}`, fullRate, salt: 's', createdAt: 0, startsAt: 0, endedAt })
      .returning({ id: rounds.id });
    return row!.id;
  }

  it('counts cashed-out and lost bets only, with the biggest win, the best rate and the curves per bet and per day', async () => {
    const { db } = t.server.services.database;
    const player = await fundedPlayer(t.api, db, 0);
    const other = await fundedPlayer(t.api, db, 0);
    const bet = (roundId: number, accountId: number, amount: number, status: BetStatus, rate?: number) => ({
      ...{ roundId, accountId, amount, status, cashoutAt: 100_000, createdAt: 0 },
      ...(rate && { rate, winAmount: (amount * rate) / 100, settledAt: DAY * 3 + 5 }),
    });
    const day1 = await round(1.5, DAY + 10);
    const day3 = await round(5, DAY * 3 + 10);
    const running = await round(5, 0, 'STARTED');
    await db.insert(bets).values([
      bet(day1, player.id, 1000, 'CREATED'), // lost: -10
      bet(day3, player.id, 2000, 'CASHED_OUT', 300), // cashed out at x3: +40
      bet(day3, player.id, 500, 'CASHED_OUT', 150), // x1.5: +2.5
      bet(day3, player.id, 700, 'VOID'), // refunded: not counted
      bet(day3, player.id, 800, 'CANCELED'),
      bet(running, player.id, 900, 'CREATED'), // still in play
      bet(day3, other.id, 5000, 'CASHED_OUT', 400), // someone else's
    ]);
    const answer = await call<PlayerStats>(t.api, 'GET', '/user/stats', undefined, { token: player.token });
    expect(answer.body.data).toEqual({
      bets: 3,
      wagered: 3500,
      net: 3250,
      biggestWin: 4000,
      biggestRate: 3,
      perBet: [
        { bet: 1, time: DAY + 10, net: -1000 },
        { bet: 2, time: DAY * 3 + 5, net: 3000 },
        { bet: 3, time: DAY * 3 + 5, net: 3250 },
      ],
      perDay: [
        { day: DAY, net: -1000, bets: 1 },
        { day: DAY * 3, net: 4250, bets: 2 },
      ],
    });
    expect((await call(t.api, 'GET', '/user/stats')).status).toBe(401);
  });

  it('answers for a player with 100,000 bets from SQL, with at most 1000 points of the curve', async () => {
    const { db } = t.server.services.database;
    const player = await fundedPlayer(t.api, db, 0);
    const ended = await round(2, DAY * 10);
    // 100,000 bets of 10 coins: every fourth cashed out at x2 (+10), the rest lost (-10).
    await db.execute(sql`
      INSERT INTO bets (round_id, account_id, amount, status, cashout_at, rate, win_amount, created_at, settled_at)
      SELECT ${ended}, ${player.id}, 1000, CASE WHEN i % 4 = 0 THEN 'CASHED_OUT' ELSE 'CREATED' END, 200,
             CASE WHEN i % 4 = 0 THEN 200 END, CASE WHEN i % 4 = 0 THEN 2000 END, 0, ${DAY * 10}::bigint + i::bigint * 60000
      FROM generate_series(1, 100000) AS i`);
    const began = performance.now();
    const answer = await call<PlayerStats>(t.api, 'GET', '/user/stats', undefined, { token: player.token });
    const ms = performance.now() - began;
    console.log(`GET /user/stats over 100,000 bets on PGlite: ${ms.toFixed(0)} ms`);
    const stats = answer.body.data!;
    expect(stats).toMatchObject({ bets: 100_000, wagered: 100_000_000, net: -50_000_000, biggestWin: 1000 });
    expect(stats.perBet.length).toBeLessThanOrEqual(STATS_POINTS + 1);
    expect(stats.perBet.at(-1)).toMatchObject({ bet: 100_000, net: -50_000_000 });
    expect(stats.perDay.reduce((sum, day) => sum + day.bets, 0)).toBe(100_000);
    expect(ms).toBeLessThan(5000);
  });
});
