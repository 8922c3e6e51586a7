/**
 * The only ways a balance changes, inside the caller's transaction: `moveBalance` (one guarded
 * update and its ledger row, the database's move_balance that placing and canceling bets call
 * too) and `creditMany` (many credits in one statement, for settlements).
 */

import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';

/** Why a balance moved; with the ref it names the move so it happens once. */
export type LedgerKind = 'bet' | 'cancel' | 'win' | 'void_refund' | 'deposit' | 'withdraw_hold' | 'withdraw_release';

/** Thrown when a move would take a balance below zero; nothing is written. */
export class InsufficientFunds extends Error {
  constructor() {
    super('Not enough funds');
  }
}

/**
 * Changes one account's balance by `delta` hundredths inside `tx` and writes its ledger row
 * (kind, ref, balance after). A (kind, ref) pair is unique: a second move with the same pair fails.
 */
export async function moveBalance(
  tx: Tx,
  accountId: number,
  delta: bigint,
  kind: LedgerKind,
  ref: string,
): Promise<bigint> {
  // One round trip: the database's move_balance (drizzle/0003), which place_bet and cancel_bet call too.
  const [row] = await queryRows<{ after: string | number | null }>(
    tx,
    sql`SELECT move_balance(${accountId}, ${delta}, ${kind}, ${ref}, ${Date.now()}::bigint) AS after`,
  );
  if (row?.after === null || row?.after === undefined) throw new InsufficientFunds();
  return BigInt(row.after);
}

/** A credit for `creditMany`: a positive delta in hundredths and the (kind, ref) naming it. */
export interface Credit {
  accountId: number;
  delta: bigint;
  kind: LedgerKind;
  ref: string;
}

/**
 * Credits many accounts in one statement: each account's balance rises by the sum of its credits
 * and every credit gets its ledger row, in the given order, with the balance after it. A player
 * with two bets in one settlement gets two rows whose balances follow each other.
 */
export async function creditMany(tx: Tx, credits: Credit[]): Promise<void> {
  if (credits.length === 0) return;
  if (credits.some((c) => c.delta <= 0n)) throw new Error('creditMany takes positive deltas only');
  const moves = JSON.stringify(
    credits.map((c, ord) => ({ ord, account_id: c.accountId, delta: String(c.delta), kind: c.kind, ref: c.ref })),
  );
  const written = await queryRows(
    tx,
    sql`
    WITH moves AS (
      SELECT * FROM jsonb_to_recordset(${moves}::jsonb) AS m(ord int, account_id bigint, delta bigint, kind text, ref text)
    ), totals AS (
      SELECT account_id, SUM(delta) AS total FROM moves GROUP BY account_id
    ), updated AS (
      UPDATE accounts a SET balance = a.balance + t.total FROM totals t WHERE a.id = t.account_id
      RETURNING a.id, a.balance - t.total AS before
    )
    INSERT INTO ledger_entries (account_id, delta, balance_after, kind, ref, created_at)
    SELECT m.account_id, m.delta, u.before + SUM(m.delta) OVER (PARTITION BY m.account_id ORDER BY m.ord),
           m.kind, m.ref, ${Date.now()}::bigint
    FROM moves m JOIN updated u ON u.id = m.account_id
    ORDER BY m.ord
    RETURNING id`,
  );
  if (written.length !== credits.length) throw new Error('creditMany: a credited account does not exist');
}
