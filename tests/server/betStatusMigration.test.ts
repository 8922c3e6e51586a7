import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from './migrations';
import { accounts, rounds } from '../../src/server/db/schema';

const MIGRATION = '0012_bet_status_cashed_out';

describe(`migration ${MIGRATION}`, () => {
  const { db, toBefore, toLatest } = databaseBeforeMigration(MIGRATION);

  it("stores the cash-outs written under the wire's name as CASHED_OUT, and takes no REFUNDED again", async () => {
    await toBefore();
    const [account] = await db
      .insert(accounts)
      .values({ nickname: 'old', referralCode: 'old', createdAt: 0 })
      .returning({ id: accounts.id });
    const [round] = await db
      .insert(rounds)
      .values({ state: 'ENDED', hash: 'h', fullRate: 3, salt: 's', createdAt: 0, startsAt: 0, endedAt: 1 })
      .returning({ id: rounds.id });
    const insert = (status: string) =>
      db.execute(sql`INSERT INTO bets (round_id, account_id, amount, status, cashout_at, rate, win_amount, created_at)
        VALUES (${round!.id}, ${account!.id}, 100, ${status}, 200, 200, 200, 0)`);
    await insert('REFUNDED');
    await insert('CREATED');

    await toLatest();
    const statuses = await db.execute<{ status: string }>(sql`SELECT status FROM bets ORDER BY id`);
    expect(statuses.rows.map((row) => row.status)).toEqual(['CASHED_OUT', 'CREATED']);
    const refusal = await insert('REFUNDED').then(
      () => null,
      (error: Error) => error.cause,
    );
    expect(String(refusal)).toMatch(/bets_status_known/);
  });
});
