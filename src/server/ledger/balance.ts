/** The one way a balance changes: a guarded update and its ledger row, inside the caller's transaction. */

import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { accounts, ledgerEntries } from '../db/schema';

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
  const [row] = await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${delta}` })
    .where(and(eq(accounts.id, accountId), sql`${accounts.balance} + ${delta} >= 0`))
    .returning({ balance: accounts.balance });
  if (!row) {
    const [exists] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
    if (!exists) throw new Error(`account ${accountId} does not exist`);
    throw new InsufficientFunds();
  }
  await tx
    .insert(ledgerEntries)
    .values({ accountId, delta, balanceAfter: row.balance, kind, ref, createdAt: Date.now() });
  return row.balance;
}
