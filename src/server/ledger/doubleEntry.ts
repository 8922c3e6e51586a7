/**
 * The double-entry half of the ledger audit (check.ts runs it): every house account's balance
 * equals its transfers, all balances sum to zero, every transfer's house side is the one its kind
 * names, and the house accounts agree with what they stand for: the withdrawals in transit with
 * the withdrawals not yet paid, the deposits held with the deposits held and not yet returned, and
 * the game account, bet by bet, with each bet's outcome.
 */

import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { HOUSE_ACCOUNTS } from '../betting/transferKinds';

/** One line of the audit: the account (negative: the house's, 0: the ledger as a whole) and what is wrong. */
export interface ProblemRow extends Record<string, unknown> {
  account_id: string | number;
  detail: string;
}

const { game, withdrawals, deposits_held: held } = HOUSE_ACCOUNTS;

export async function doubleEntryProblems(db: Db): Promise<ProblemRow[]> {
  const house = await queryRows<ProblemRow>(
    db,
    sql`WITH stored AS (SELECT account_id, SUM(balance) AS balance FROM house_balances GROUP BY account_id),
        moved AS (
          SELECT account, SUM(amount) AS total FROM (
            SELECT house_account AS account, -delta AS amount FROM ledger_entries
            UNION ALL SELECT account_id, delta FROM ledger_entries WHERE account_id < 0) sides
          GROUP BY account)
        SELECT h.id AS account_id, 'house account ' || h.name || ': balance ' || COALESCE(s.balance, 0)
               || ' but its transfers sum to ' || COALESCE(m.total, 0) AS detail
        FROM house_accounts h LEFT JOIN stored s ON s.account_id = h.id LEFT JOIN moved m ON m.account = h.id
        WHERE COALESCE(s.balance, 0) <> COALESCE(m.total, 0)`,
  );
  const total = await queryRows<ProblemRow>(
    db,
    sql`SELECT 0 AS account_id, 'the accounts sum to ' || t.total || ', not zero (players ' || t.players || ', house ' || t.house || ')' AS detail
        FROM (SELECT p.players, h.house, p.players + h.house AS total
              FROM (SELECT COALESCE(SUM(balance), 0) AS players FROM accounts) p,
                   (SELECT COALESCE(SUM(balance), 0) AS house FROM house_balances) h) t
        WHERE t.total <> 0`,
  );
  const sides = await queryRows<ProblemRow>(
    db,
    sql`SELECT l.account_id, 'ledger row ' || l.id || ' of kind ' || l.kind || ' moves house account ' || l.house_account
               || CASE WHEN l.account_id < 0 THEN ' to ' || l.account_id ELSE '' END || ', which its kind does not name' AS detail
        FROM ledger_entries l
        WHERE CASE WHEN l.account_id > 0 THEN l.house_account IS DISTINCT FROM house_account_of(l.kind)
                   ELSE l.house_account IS DISTINCT FROM house_transfer_from(l.kind)
                     OR l.account_id IS DISTINCT FROM house_transfer_to(l.kind) END`,
  );
  const unknownHouse = await queryRows<ProblemRow>(
    db,
    sql`SELECT l.account_id, 'ledger row ' || l.id || ' names house account ' || l.account_id || ' that does not exist' AS detail
        FROM ledger_entries l LEFT JOIN house_accounts h ON h.id = l.account_id WHERE l.account_id < 0 AND h.id IS NULL`,
  );
  const inTransit = await queryRows<ProblemRow>(
    db,
    sql`SELECT ${withdrawals.id} AS account_id, 'house account withdrawals: balance ' || h.balance
               || ' but the withdrawals in review or pending hold ' || w.held AS detail
        FROM (SELECT COALESCE(SUM(balance), 0) AS balance FROM house_balances WHERE account_id = ${withdrawals.id}) h,
             (SELECT COALESCE(SUM(hundredths), 0) AS held FROM withdrawals WHERE status IN ('review', 'pending')) w
        WHERE h.balance <> w.held`,
  );
  const heldDeposits = await queryRows<ProblemRow>(
    db,
    sql`SELECT ${held.id} AS account_id, 'house account deposits_held: balance ' || h.balance
               || ' but the deposits held and not yet returned hold ' || d.held AS detail
        FROM (SELECT COALESCE(SUM(balance), 0) AS balance FROM house_balances WHERE account_id = ${held.id}) h,
             (SELECT COALESCE(SUM(hundredths), 0) AS held FROM deposit_intents WHERE status = 'held') d
        WHERE h.balance <> d.held`,
  );
  // Each bet's transfers with the game account, against what its status says the player got back.
  const bets = await queryRows<ProblemRow>(
    db,
    sql`WITH moved AS (
          SELECT ref, MIN(account_id) AS account_id, SUM(delta) AS net FROM ledger_entries
          WHERE house_account = ${game.id} GROUP BY ref)
        SELECT COALESCE(b.account_id, m.account_id) AS account_id,
               CASE WHEN b.id IS NULL THEN 'game transfers of ref ' || m.ref || ' move ' || m.net || ' but name no bet'
                    ELSE 'bet ' || b.id || ' (' || b.status || ') moved ' || COALESCE(m.net, 0)
                         || ' through the game account but its outcome says ' || b.net END AS detail
        FROM (SELECT id, account_id, status, -amount + CASE status WHEN 'CASHED_OUT' THEN win_amount
                     WHEN 'CANCELED' THEN amount WHEN 'VOID' THEN amount ELSE 0 END AS net FROM bets) b
        FULL JOIN moved m ON m.ref = b.id::text
        WHERE CASE WHEN b.id IS NULL THEN m.net <> 0 ELSE COALESCE(m.net, 0) IS DISTINCT FROM b.net END`,
  );
  return [...house, ...total, ...sides, ...unknownHouse, ...inTransit, ...heldDeposits, ...bets];
}
