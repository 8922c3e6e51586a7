/**
 * One look at the chain for a submitted deposit: credit it once when finalized (or hold it, when the
 * player may not take it now), fail it when it can no longer land.
 */

import { and, eq, inArray } from 'drizzle-orm';
import type { DepositStatus } from '../../shared/protocol';
import type { Db, Tx } from '../db/client';
import { accounts, depositIntents } from '../db/schema';
import { moveBalance, moveHouse } from '../betting/balance';
import { depositRefusal, limitRefusal } from '../risk/playerLimits';
import type { PaymentContext } from './PaymentContext';

export type DepositIntent = typeof depositIntents.$inferSelect;

/** Safe to run from several places at once: the status guard lets exactly one settlement through. */
export async function settleDeposit(ctx: PaymentContext, intent: DepositIntent): Promise<DepositStatus> {
  if (!intent.signature || intent.lastValidBlockHeight === null) return 'pending';
  let status = await ctx.chain.status(intent.signature);
  if (status.state === 'finalized') return creditOrHold(ctx, intent);
  if (status.state === 'unknown' && (await ctx.chain.expired(intent.lastValidBlockHeight))) {
    // Look once more: it may have landed between the two questions.
    status = await ctx.chain.status(intent.signature);
    if (status.state === 'finalized') return creditOrHold(ctx, intent);
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

/**
 * A failed deposit whose transaction landed after all (the player sent the refused bytes again) is
 * credited once, if the limits, self-exclusion and block in force now allow it; else it is held.
 */
export async function creditIfLanded(ctx: PaymentContext, intent: DepositIntent): Promise<DepositStatus> {
  if (!intent.signature) return 'failed';
  const status = await ctx.chain.status(intent.signature);
  if (status.state !== 'finalized') return 'failed';
  return creditOrHold(ctx, intent);
}

/**
 * The one database transaction that settles SOL which reached the house: under the account's row
 * lock the intent leaves 'pending' (or 'failed', once its transaction is finalized on the chain)
 * for 'held', and the limits, self-exclusion and block in force now judge it, whenever it lands.
 * Allowed, it is credited with its ledger row; refused, it stays held with the reason and the
 * payment worker sends the SOL back (payments/returnDeposit.ts). Never both, never twice.
 */
async function creditOrHold(ctx: PaymentContext, intent: DepositIntent): Promise<DepositStatus> {
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, intent.accountId)).for('update');
    const now = Date.now();
    const moved = await tx
      .update(depositIntents)
      .set({ status: 'held', settledAt: now })
      .where(and(eq(depositIntents.id, intent.id), inArray(depositIntents.status, ['pending', 'failed'])))
      .returning({ id: depositIntents.id });
    if (moved.length === 0) return currentStatus(tx, intent.id);
    const facts = { depositId: intent.depositId, signature: intent.signature, hundredths: String(intent.hundredths) };
    const refused = await depositRefusal(tx, intent.accountId, intent.hundredths, now);
    if (refused) {
      const refusal = limitRefusal(refused);
      await tx
        .update(depositIntents)
        .set({ failReason: refusal.message, holdRefusal: refused })
        .where(eq(depositIntents.id, intent.id));
      // The SOL is in the house wallet but not the player's: booked to the deposits held until it goes back.
      await moveHouse(tx, 'deposit_hold', intent.depositId, intent.hundredths);
      ctx.log.warn({ ...facts, reason: refusal.message }, 'deposit held: its SOL goes back');
      return 'held';
    }
    await tx
      .update(depositIntents)
      .set({ status: 'credited', failReason: null })
      .where(eq(depositIntents.id, intent.id));
    await moveBalance(tx, intent.accountId, intent.hundredths, 'deposit', intent.depositId);
    ctx.log.info(facts, 'deposit credited');
    return 'credited';
  });
}

/** Closes a pending deposit as failed; a deposit already settled stays as it is. */
export async function failDeposit(ctx: PaymentContext, intent: DepositIntent, reason: string): Promise<DepositStatus> {
  await ctx.db
    .update(depositIntents)
    .set({ status: 'failed', failReason: reason, settledAt: Date.now() })
    .where(and(eq(depositIntents.id, intent.id), eq(depositIntents.status, 'pending')));
  ctx.log.warn({ depositId: intent.depositId, signature: intent.signature, reason }, 'deposit failed');
  return currentStatus(ctx.db, intent.id);
}

async function currentStatus(db: Db | Tx, id: number): Promise<DepositStatus> {
  const [row] = await db
    .select({ status: depositIntents.status })
    .from(depositIntents)
    .where(eq(depositIntents.id, id));
  return (row?.status ?? 'failed') as DepositStatus;
}
