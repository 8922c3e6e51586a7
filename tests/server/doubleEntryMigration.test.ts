import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from './migrations';
import { applyFunctions, type Db } from '../../src/server/db/client';
import { bettingFunctions } from '../../src/server/betting/functions';
import { checkLedger } from '../../src/server/ledger/check';
import { balances } from '../../src/server/ledger/books';

const MIGRATION = '0013_double_entry';

describe(`migration ${MIGRATION}`, () => {
  const { client, db, toBefore, toLatest } = databaseBeforeMigration(MIGRATION);

  it('books the house side of every single-entry row and of confirmed withdrawals, so the balances sum to zero', async () => {
    await toBefore();
    // The single-entry books of one player, as the code before 0013 wrote them: a deposit, a bet
    // cashed out, a lost bet, a manual credit with its audit row, a paid withdrawal and a held one.
    await client.exec(`
      INSERT INTO accounts (id, nickname, referral_code, balance, created_at) VALUES (7, 'old', 'old', 11600, 0);
      INSERT INTO rounds (id, state, hash, full_rate, salt, created_at, starts_at, ended_at) VALUES (1, 'ENDED', 'h', 3, 's', 0, 0, 1);
      INSERT INTO bets (id, round_id, account_id, amount, status, cashout_at, rate, win_amount, created_at)
        VALUES (1, 1, 7, 1000, 'CASHED_OUT', 200, 200, 2000, 0), (2, 1, 7, 400, 'CREATED', 500, NULL, NULL, 0);
      INSERT INTO ops_audit (id, actor, action, target, at) VALUES (5, 'a@example.com', 'adjust', 'account:7', 0);
      INSERT INTO withdrawals (id, account_id, wallet, lamports, hundredths, status, created_at, settled_at)
        VALUES (3, 7, 'w', 1, 3000, 'confirmed', 0, 9), (4, 7, 'w', 1, 2000, 'pending', 0, NULL);
      INSERT INTO ledger_entries (account_id, delta, balance_after, kind, ref, created_at) VALUES
        (7, 15000, 15000, 'deposit', 'd1', 0), (7, -1000, 14000, 'bet', '1', 0), (7, 2000, 16000, 'win', '1', 0),
        (7, -400, 15600, 'bet', '2', 0), (7, 1000, 16600, 'manual', '5', 0),
        (7, -3000, 13600, 'withdraw_hold', '3', 0), (7, -2000, 11600, 'withdraw_hold', '4', 0);
    `);

    await toLatest();
    await applyFunctions(db as unknown as Db, bettingFunctions());
    const { players, house } = await balances(db as unknown as Db);
    expect({ players, ...house }).toEqual({
      players: 11600n,
      house_wallet: -15000n + 3000n,
      game: 1000n - 2000n + 400n,
      withdrawals: 2000n,
      manual: -1000n,
      deposits_held: 0n,
    });
    const paid = await db.execute<{ account_id: string; house_account: string; delta: string; kind: string }>(
      sql`SELECT account_id, house_account, delta, kind FROM ledger_entries WHERE ref = '3' ORDER BY id`,
    );
    expect(
      paid.rows.map((row) => [Number(row.account_id), Number(row.house_account), Number(row.delta), row.kind]),
    ).toEqual([
      [7, -3, -3000, 'withdraw_hold'],
      [-1, -3, 3000, 'withdraw_paid'],
    ]);
    expect(await checkLedger(db as unknown as Db)).toEqual([]);
  }, 120_000);
});
