/** One look at the chain for a submitted deposit: credit it once when finalized, fail it when it can no longer land. */

import { and, eq, inArray } from 'drizzle-orm';
import type { DepositStatus } from '../../shared/protocol';
import { depositIntents } from '../db/schema';
import { moveBalance } from '../betting/balance';
import type { PaymentContext } from './PaymentContext';

export type DepositIntent = typeof depositIntents.$inferSelect;

/** Safe to run from several places at once: the status guard lets exactly one credit through. */
export async function settleDeposit(ctx: PaymentContext, intent: DepositIntent): Promise<DepositStatus> {
  if (!intent.signature || intent.lastValidBlockHeight === null) return 'pending';
  let status = await ctx.chain.status(intent.signature);
  if (status.state === 'finalized') return (await credit(ctx, intent)) ? 'credited' : currentStatus(ctx, intent.id);
  if (status.state === 'unknown' && (await ctx.chain.expired(intent.lastValidBlockHeight))) {
    // Look once more: it may have landed between the two questions.
    status = await ctx.chain.status(intent.signature);
    if (status.state === 'finalized') return (await credit(ctx, intent)) ? 'credited' : currentStatus(ctx, intent.id);
    if (status.state === 'unknown') {
      if (ctx.deathWatch.seenDead(intent.signature))
        return failDeposit(ctx, intent, 'the transaction expired before it landed');
      return 'pending';
    }
  }
  ctx.deathWatch.forget(intent.signature);
  if (status.state === 'failed') return failDeposit(ctx, intent, status.reason);
  return 'pending';
}

/** A failed deposit whose transaction landed after all (the player sent the refused bytes again) is credited once. */
export async function creditIfLanded(ctx: PaymentContext, intent: DepositIntent): Promise<DepositStatus> {
  if (!intent.signature) return 'failed';
  const status = await ctx.chain.status(intent.signature);
  if (status.state !== 'finalized') return 'failed';
  return (await credit(ctx, intent)) ? 'credited' : currentStatus(ctx, intent.id);
}

/**
 * The one database transaction that credits: intent out of 'pending' (or 'failed', once its
 * transaction is finalized on the chain) and the ledger row, together.
 */
async function credit(ctx: PaymentContext, intent: DepositIntent): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(depositIntents)
      .set({ status: 'credited', settledAt: Date.now() })
      .where(and(eq(depositIntents.id, intent.id), inArray(depositIntents.status, ['pending', 'failed'])))
      .returning({ id: depositIntents.id });
    if (moved.length === 0) return false;
    await moveBalance(tx, intent.accountId, intent.hundredths, 'deposit', intent.depositId);
    ctx.log.info(
      { depositId: intent.depositId, signature: intent.signature, hundredths: String(intent.hundredths) },
      'deposit credited',
    );
    return true;
  });
}

/** Closes a pending deposit as failed; a deposit already settled stays as it is. */
export async function failDeposit(ctx: PaymentContext, intent: DepositIntent, reason: string): Promise<DepositStatus> {
  await ctx.db
    .update(depositIntents)
    .set({ status: 'failed', failReason: reason, settledAt: Date.now() })
    .where(and(eq(depositIntents.id, intent.id), eq(depositIntents.status, 'pending')));
  ctx.log.warn({ depositId: intent.depositId, signature: intent.signature, reason }, 'deposit failed');
  return currentStatus(ctx, intent.id);
}

async function currentStatus(ctx: PaymentContext, id: number): Promise<DepositStatus> {
  const [row] = await ctx.db
    .select({ status: depositIntents.status })
    .from(depositIntents)
    .where(eq(depositIntents.id, id));
  return (row?.status ?? 'failed') as DepositStatus;
}
