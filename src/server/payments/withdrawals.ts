/**
 * Withdrawals (docs/payments.md "Withdrawals"). The hold and the row are one database transaction; the signed
 * transfer is stored before it is first sent; the same bytes are resent until the chain settles
 * them; the hold is released only when the transfer failed or can no longer land.
 */

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { isUniqueViolation, queryRows } from '../db/client';
import type { IdempotencyClaim } from '../betting/bets';
import { accounts, idempotencyKeys, withdrawals } from '../db/schema';
import { ChainRejected } from '../chain/Chain';
import { InsufficientFunds, moveBalance } from '../betting/balance';
import type { AccountRef } from '../ledger/accounts';
import type { PaymentContext } from './PaymentContext';
import { Refusal } from '../Refusal';
import type { WithdrawalAmount } from './amounts';
import type { PlayerWithdrawal, WithdrawResponse } from '../../shared/protocol';
import { settleWithdrawal, type Withdrawal } from './settleWithdrawal';

/**
 * Holds the coins, signs and stores the transfer, sends it once and looks at the chain once. When
 * the review rules say so (betting/withdrawal_review.sql) the hold's row waits in 'review',
 * unsigned, for an operator (src/server/ops/withdrawalReview.ts).
 * With an Idempotency-Key the key is written in the hold's own transaction, so a retry (after a
 * lost answer, a timeout, any error past the hold) answers for the same transfer and never pays twice.
 */
export async function requestWithdrawal(
  ctx: PaymentContext,
  account: AccountRef,
  wallet: string,
  amount: WithdrawalAmount,
  claim?: IdempotencyClaim,
): Promise<WithdrawResponse> {
  if (!account.wallet || wallet !== account.wallet)
    throw new Refusal('invalid', 'Withdrawals go only to your own wallet');
  const earlier = claim && (await replay(ctx, account.id, claim));
  if (earlier) return earlier;
  let held: Withdrawal;
  try {
    held = await hold(ctx, account.id, account.wallet, amount, claim);
  } catch (error) {
    // The same key twice at once: the other request's hold committed first (this one rolled back).
    const other = claim && isUniqueViolation(error) ? await replay(ctx, account.id, claim) : undefined;
    if (other) return other;
    throw error;
  }
  if (held.status === 'review') return underReview(held);
  const signed = await signAndStore(ctx, held);
  if (!signed?.signature) throw new Refusal('invalid', "Can't withdraw now");
  // From here the transfer is stored: whatever the chain says now, the worker finishes it.
  await send(ctx, signed);
  const state = await settleWithdrawal(ctx, signed).catch((error: unknown) => {
    ctx.log.warn({ err: error, withdrawalId: signed.id }, 'withdrawal not settled yet');
    return 'pending';
  });
  if (state === 'failed') throw new Refusal('conflict', 'The transfer failed on the chain: your coins are back');
  return { signature: signed.signature };
}

/** The answer for the withdrawal an earlier request with this key made, or undefined when there is none. */
async function replay(
  ctx: PaymentContext,
  accountId: number,
  claim: IdempotencyClaim,
): Promise<WithdrawResponse | undefined> {
  const [first] = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, claim.key)));
  if (!first) return undefined;
  const withdrawalId = (first.response as { withdrawalId?: number } | null)?.withdrawalId;
  if (first.fingerprint !== claim.fingerprint || withdrawalId === undefined)
    throw new Refusal('invalid', 'This Idempotency-Key was already used for another request');
  const [row] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (row?.status === 'failed') throw new Refusal('conflict', 'The transfer failed on the chain: your coins are back');
  if (row?.status === 'review') return underReview(row);
  if (!row?.signature) throw new Refusal('conflict', 'The first request with this Idempotency-Key is still running');
  return { signature: row.signature };
}

async function hold(
  ctx: PaymentContext,
  accountId: number,
  wallet: string,
  amount: WithdrawalAmount,
  claim: IdempotencyClaim | undefined,
): Promise<Withdrawal> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = Date.now();
      // One withdrawal of the player at a time: each is judged with the ones before it.
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      const { reviewAbove = null, velocityCount = null, velocityMs = 0 } = ctx.review ?? {};
      const [judged] = await queryRows<{ reason: string | null }>(
        tx,
        sql`SELECT withdrawal_review(${accountId}, ${amount.hundredths}::bigint, ${now}::bigint,
          ${reviewAbove}::bigint, ${velocityCount}::int, ${velocityMs}::bigint) AS reason`,
      );
      const reviewReason = judged?.reason ?? null;
      const [row] = await tx
        .insert(withdrawals)
        .values({
          ...{ accountId, wallet, lamports: amount.lamports, hundredths: amount.hundredths, createdAt: now },
          ...{ status: reviewReason ? 'review' : 'pending', reviewReason },
        })
        .returning();
      if (!row) throw new Error('the withdrawal was not recorded');
      await moveBalance(tx, accountId, -amount.hundredths, 'withdraw_hold', String(row.id));
      if (claim)
        await tx.insert(idempotencyKeys).values({
          ...{ accountId, key: claim.key, fingerprint: claim.fingerprint, createdAt: Date.now() },
          ...{ status: 200, response: { withdrawalId: row.id } },
        });
      return row;
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new Refusal('invalid', 'Not enough funds');
    throw error;
  }
}

const underReview = (row: Withdrawal): WithdrawResponse => ({
  signature: null,
  status: 'review',
  withdrawalId: String(row.id),
});

/**
 * Signs the house transfer and stores its signature and bytes; only an unsigned row still in
 * `from` takes them (and becomes pending), so a second signer's transfer is never stored and never
 * sent. When the chain cannot give a blockhash, nothing was signed: a pending row's hold is
 * released at once; a row under review stays there, approved, for the next try.
 */
export async function signAndStore(
  ctx: PaymentContext,
  row: Withdrawal,
  from: 'pending' | 'review' = 'pending',
): Promise<Withdrawal | undefined> {
  let transfer;
  try {
    transfer = await ctx.chain.transferFromHouse(row.wallet, row.lamports, `moonrush withdrawal ${row.id}`);
  } catch (error) {
    ctx.log.error({ err: error, withdrawalId: row.id }, 'could not sign a withdrawal');
    await settleWithdrawal(ctx, row, 'the transfer could not be signed');
    return undefined;
  }
  const [stored] = await ctx.db
    .update(withdrawals)
    .set({
      status: 'pending',
      signature: transfer.signature,
      wire: Buffer.from(transfer.wire).toString('base64'),
      blockhash: transfer.blockhash,
      lastValidBlockHeight: transfer.lastValidBlockHeight,
    })
    .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, from), isNull(withdrawals.signature)))
    .returning();
  return stored;
}

/**
 * Sends the stored bytes. A refusal or a network error is only logged: the chain's status and
 * the blockhash's expiry decide the withdrawal, and the worker resends the same bytes meanwhile.
 */
export async function send(ctx: PaymentContext, row: Withdrawal): Promise<void> {
  if (!row.wire) return;
  try {
    await ctx.chain.submit(Buffer.from(row.wire, 'base64'));
  } catch (error) {
    const reason = error instanceof ChainRejected ? error.message : String(error);
    ctx.log.warn({ withdrawalId: row.id, signature: row.signature, reason }, 'withdrawal not sent');
  }
}

/** How many of a player's withdrawals GET /payment/withdrawals lists. */
const PLAYER_WITHDRAWALS = 20;

/** The player's latest withdrawals, newest first: a held one is "Under review", a rejected one says why. */
export async function playerWithdrawals(ctx: PaymentContext, accountId: number): Promise<PlayerWithdrawal[]> {
  const rows = await ctx.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.accountId, accountId))
    .orderBy(desc(withdrawals.id))
    .limit(PLAYER_WITHDRAWALS);
  return rows.map((row) => ({
    ...{ id: String(row.id), amount: Number(row.hundredths), status: row.status as PlayerWithdrawal['status'] },
    ...{ reason: row.failReason, signature: row.signature, createdAt: row.createdAt },
  }));
}
