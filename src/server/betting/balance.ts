/**
 * Transfers from TypeScript, inside the caller's transaction: `moveBalance` (one guarded transfer
 * between a player and the house, with its ledger row), `creditMany` (many credits in one
 * statement, for settlements) and `moveHouse` (between two house accounts). The first two go
 * through the database's move_balances (move_balances.sql), the one writer of balances and ledger
 * rows that the betting functions use too; the kind names the house account on the other side
 * (transferKinds.ts).
 */

import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import type { HouseKind, PlayerKind } from './transferKinds';

/** Why a player's balance moved; with the ref it names the move so it happens once. */
type LedgerKind = PlayerKind;

/** Thrown when a move would take a balance below zero; nothing is written. */
export class InsufficientFunds extends Error {
  constructor() {
    super('Not enough funds');
  }
}

/**
 * Changes one account's balance by `delta` hundredths inside `tx`, the house account of `kind` by
 * minus that, and writes the transfer's ledger row (kind, ref, balance after). A (kind, ref) pair
 * is unique: a second move with the same pair fails.
 */
export async function moveBalance(
  tx: Tx,
  accountId: number,
  delta: bigint,
  kind: LedgerKind,
  ref: string,
): Promise<bigint> {
  // One round trip: the database's move_balance, which place_bet and cancel_bet call too.
  const [row] = await queryRows<{ after: string | number | null }>(
    tx,
    sql`SELECT move_balance(${accountId}, ${delta}, ${kind}, ${ref}, ${Date.now()}::bigint) AS after`,
  );
  if (row?.after === null || row?.after === undefined) throw new InsufficientFunds();
  return BigInt(row.after);
}

/** A credit for `creditMany`: a positive delta in hundredths and the (kind, ref) naming it. */
interface Credit {
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
    credits.map((c) => ({ account_id: c.accountId, delta: String(c.delta), kind: c.kind, ref: c.ref })),
  );
  const written = await queryRows(
    tx,
    sql`
    SELECT w.* FROM (
      SELECT array_agg(m.account_id ORDER BY m.ord) AS accounts, array_agg(m.delta ORDER BY m.ord) AS deltas,
             array_agg(m.kind ORDER BY m.ord) AS kinds, array_agg(m.ref ORDER BY m.ord) AS refs
      FROM ROWS FROM (jsonb_to_recordset(${moves}::jsonb) AS (account_id bigint, delta bigint, kind text, ref text))
        WITH ORDINALITY AS m(account_id, delta, kind, ref, ord)
    ) c, move_balances(c.accounts, c.deltas, c.kinds, c.refs, ${Date.now()}::bigint) w`,
  );
  if (written.length !== credits.length) throw new Error('creditMany: a credited account does not exist');
}

/**
 * Moves `amount` hundredths between the two house accounts `kind` names (a withdrawal paid, a
 * deposit held or returned) inside `tx`, with its ledger row; (kind, ref) happens once.
 */
export async function moveHouse(tx: Tx, kind: HouseKind, ref: string, amount: bigint): Promise<void> {
  await tx.execute(sql`SELECT house_transfer(${kind}, ${ref}, ${amount}, ${Date.now()}::bigint)`);
}
