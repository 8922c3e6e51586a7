/** One look at the chain for a withdrawal: confirm it (its payment booked), resend its bytes, or release its hold exactly once. */

import { and, eq, isNull } from 'drizzle-orm';
import { withdrawals } from '../db/schema';
import { moveBalance, moveHouse } from '../betting/balance';
import type { PaymentContext } from './PaymentContext';
import { transferFate } from './transferFate';

export type Withdrawal = typeof withdrawals.$inferSelect;
type WithdrawalState = 'pending' | 'confirmed' | 'failed';

/**
 * An unsigned row is released with `unsignedReason` (nothing was ever signed, so nothing can
 * land). A signed one is confirmed at finalized, released when it failed on the chain or its
 * blockhash expired unseen, and otherwise resent: the same bytes, so the chain drops a duplicate.
 */
export async function settleWithdrawal(
  ctx: PaymentContext,
  row: Withdrawal,
  unsignedReason?: string,
): Promise<WithdrawalState> {
  if (row.status !== 'pending') return row.status as WithdrawalState;
  if (!row.signature || !row.wire || row.lastValidBlockHeight === null) {
    return unsignedReason ? release(ctx, row, unsignedReason) : 'pending';
  }
  const fate = await transferFate(ctx, row.signature, row.lastValidBlockHeight);
  switch (fate.state) {
    case 'finalized':
      return finish(ctx, row);
    case 'dead':
      return release(ctx, row, fate.reason);
    case 'unseen':
      await ctx.chain.submit(Buffer.from(row.wire, 'base64')).catch((error: unknown) => {
        ctx.log.warn({ err: error, withdrawalId: row.id }, 'withdrawal resend refused');
      });
      return 'pending';
    default:
      return 'pending';
  }
}

/** Confirms the row and books its payment out of the withdrawals in transit in one transaction, once. */
async function finish(ctx: PaymentContext, row: Withdrawal): Promise<WithdrawalState> {
  await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(withdrawals)
      .set({ status: 'confirmed', settledAt: Date.now() })
      .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'pending')))
      .returning({ id: withdrawals.id });
    if (moved.length > 0) await moveHouse(tx, 'withdraw_paid', String(row.id), row.hundredths);
  });
  ctx.log.info(
    { withdrawalId: row.id, signature: row.signature, lamports: String(row.lamports) },
    'withdrawal confirmed',
  );
  return 'confirmed';
}

/**
 * Marks the row failed and gives the coins back in one transaction, only if the row is still as
 * this caller saw it: pending, with the same signature or still unsigned. A transfer signed and
 * stored since (a slow request racing the worker) is never released under it.
 */
async function release(ctx: PaymentContext, row: Withdrawal, reason: string): Promise<WithdrawalState> {
  return ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(withdrawals)
      .set({ status: 'failed', failReason: reason, settledAt: Date.now() })
      .where(
        and(
          eq(withdrawals.id, row.id),
          eq(withdrawals.status, 'pending'),
          row.signature === null ? isNull(withdrawals.signature) : eq(withdrawals.signature, row.signature),
        ),
      )
      .returning({ id: withdrawals.id });
    if (moved.length === 0) {
      const [now] = await tx.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, row.id));
      return (now?.status ?? 'pending') as WithdrawalState;
    }
    await moveBalance(tx, row.accountId, row.hundredths, 'withdraw_release', String(row.id));
    ctx.log.warn({ withdrawalId: row.id, signature: row.signature, reason }, 'withdrawal released');
    return 'failed';
  });
}
