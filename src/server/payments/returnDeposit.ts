/**
 * Held deposits go back (docs/payments.md "Deposits"): SOL that reached the house but may not be
 * credited (the player's limits, self-exclusion or block said no when it landed) is sent back to
 * the wallet it came from, in full, the house paying the fee. As a withdrawal: the transfer is
 * signed and stored before it is sent, the same bytes are resent until the chain settles them, and
 * only a transfer that can no longer land is replaced by a new one. Never credited, never lost.
 */

import { and, eq, isNull } from 'drizzle-orm';
import { accounts, depositIntents } from '../db/schema';
import { moveHouse } from '../betting/balance';
import type { PaymentContext } from './PaymentContext';
import type { DepositIntent } from './settleDeposit';
import { transferFate } from './transferFate';

/** One step for a held deposit: sign and send its return, or look at the one sent. Safe from several workers at once. */
export async function returnHeldDeposit(ctx: PaymentContext, intent: DepositIntent): Promise<void> {
  if (intent.status !== 'held') return;
  const { returnSignature: signature, returnWire: wire, returnLastValidBlockHeight: height } = intent;
  if (signature === null || wire === null || height === null) return signAndSend(ctx, intent);
  const facts = { depositId: intent.depositId, signature };
  const fate = await transferFate(ctx, signature, height);
  if (fate.state === 'finalized') {
    await ctx.db.transaction(async (tx) => {
      const [returned] = await tx
        .update(depositIntents)
        .set({ status: 'returned', settledAt: Date.now() })
        .where(
          and(
            eq(depositIntents.id, intent.id),
            eq(depositIntents.status, 'held'),
            eq(depositIntents.returnSignature, signature),
          ),
        )
        .returning({ id: depositIntents.id });
      // Out of the deposits held, back to the house wallet's side, as the SOL left it.
      if (returned) await moveHouse(tx, 'deposit_return', intent.depositId, intent.hundredths);
    });
    ctx.log.info({ ...facts, lamports: String(intent.lamports) }, 'held deposit returned');
  } else if (fate.state === 'dead') {
    // It can never land: the next pass signs a new one.
    await ctx.db
      .update(depositIntents)
      .set({ returnSignature: null, returnWire: null, returnLastValidBlockHeight: null })
      .where(and(eq(depositIntents.id, intent.id), eq(depositIntents.returnSignature, signature)));
    ctx.log.warn({ ...facts, reason: fate.reason }, 'deposit return did not land; signing it again');
  } else if (fate.state === 'unseen') {
    await submit(ctx, intent, Buffer.from(wire, 'base64'));
  }
}

/** Signs the return and stores it; only an unsigned held row takes it, so a second signer's transfer is never sent. */
async function signAndSend(ctx: PaymentContext, intent: DepositIntent): Promise<void> {
  const [owner] = await ctx.db
    .select({ wallet: accounts.wallet })
    .from(accounts)
    .where(eq(accounts.id, intent.accountId));
  // The deposit was verified to come from this wallet (payments/verifyDeposit.ts).
  if (!owner?.wallet) throw new Error(`deposit ${intent.depositId}: its account has no wallet to return it to`);
  const transfer = await ctx.chain.transferFromHouse(
    owner.wallet,
    intent.lamports,
    `moonrush deposit return ${intent.id}`,
  );
  const [stored] = await ctx.db
    .update(depositIntents)
    .set({
      returnSignature: transfer.signature,
      returnWire: Buffer.from(transfer.wire).toString('base64'),
      returnLastValidBlockHeight: transfer.lastValidBlockHeight,
    })
    .where(
      and(eq(depositIntents.id, intent.id), eq(depositIntents.status, 'held'), isNull(depositIntents.returnSignature)),
    )
    .returning({ id: depositIntents.id });
  if (stored) await submit(ctx, intent, transfer.wire);
}

/** A refusal or a network error is only logged: the chain's status and the blockhash's expiry decide. */
async function submit(ctx: PaymentContext, intent: DepositIntent, wire: Uint8Array): Promise<void> {
  await ctx.chain.submit(wire).catch((error: unknown) => {
    ctx.log.warn({ err: error, depositId: intent.depositId }, 'deposit return not sent');
  });
}
