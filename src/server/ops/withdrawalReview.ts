/**
 * Withdrawals held for review (docs/ops.md "Withdrawal review"): above WITHDRAW_REVIEW_ABOVE a
 * withdrawal's coins are held and its row waits in 'review', unsigned, until an admin approves it
 * (two different admins above WITHDRAW_SECOND_APPROVAL_ABOVE) or rejects it. Approving signs and
 * sends the transfer as any withdrawal; rejecting releases the hold with its ledger row.
 */

import { and, asc, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { operators, withdrawalApprovals, withdrawals } from '../db/schema';
import type { EventBus } from '../bus/EventBus';
import type { PaymentContext } from '../payments/PaymentContext';
import { send, signAndStore } from '../payments/withdrawals';
import { settleWithdrawal, type Withdrawal } from '../payments/settleWithdrawal';
import { moveBalance } from '../betting/balance';
import { Refusal } from '../Refusal';
import type { OpsPage, OpsWithdrawal, OpsWithdrawalStatus } from '../../shared/ops';
import { audited } from './audit';
import { creditedBy } from './manualCredits';
import type { Operator } from './sessions';

async function approvalsOf(db: Db, ids: number[]): Promise<Map<number, { by: string; at: string }[]>> {
  const byId = new Map<number, { by: string; at: string }[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select({ id: withdrawalApprovals.withdrawalId, by: operators.email, at: withdrawalApprovals.at })
    .from(withdrawalApprovals)
    .innerJoin(operators, eq(operators.id, withdrawalApprovals.operatorId))
    .where(inArray(withdrawalApprovals.withdrawalId, ids))
    .orderBy(asc(withdrawalApprovals.at));
  for (const row of rows)
    byId.set(row.id, [...(byId.get(row.id) ?? []), { by: row.by, at: new Date(row.at).toISOString() }]);
  return byId;
}

function view(row: Withdrawal, approvals: { by: string; at: string }[]): OpsWithdrawal {
  return {
    ...{ id: String(row.id), accountId: String(row.accountId), wallet: row.wallet, amount: Number(row.hundredths) },
    ...{ createdAt: new Date(row.createdAt).toISOString(), status: row.status as OpsWithdrawalStatus, approvals },
    ...{ signature: row.signature, reason: row.failReason, reviewReason: row.reviewReason },
  };
}

/** Newest first; `status` review lists only the held ones. */
export async function listWithdrawals(
  db: Db,
  query: { status: 'review' | 'all'; before?: number; limit: number; accountId?: number },
): Promise<OpsPage<OpsWithdrawal>> {
  const where: SQL[] = [];
  if (query.status === 'review') where.push(eq(withdrawals.status, 'review'));
  if (query.before) where.push(lt(withdrawals.id, query.before));
  if (query.accountId) where.push(eq(withdrawals.accountId, query.accountId));
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(...where))
    .orderBy(desc(withdrawals.id))
    .limit(query.limit);
  const approvals = await approvalsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => view(row, approvals.get(row.id) ?? [])),
    next: rows.length === query.limit ? String(rows.at(-1)!.id) : null,
  };
}

async function one(db: Db, id: number): Promise<OpsWithdrawal> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new Refusal('not_found', 'No such withdrawal');
  return view(row, (await approvalsOf(db, [id])).get(id) ?? []);
}

/**
 * Records the admin's approval (audited); once it has the approvals its amount needs, signs the
 * transfer (the row leaves 'review' only when its signature is stored) and sends it.
 */
export async function approveWithdrawal(
  ctx: PaymentContext,
  bus: EventBus,
  operator: Operator,
  id: number,
  address: string,
  secondApprovalAbove: number | null,
): Promise<OpsWithdrawal> {
  const ready = await audited(ctx.db, bus, async (tx, audit) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!row) throw new Refusal('not_found', 'No such withdrawal');
    if (row.status !== 'review') throw new Refusal('conflict', `This withdrawal is ${row.status}, not under review`);
    // Four eyes: who credited the coins by hand does not also let them out.
    if (await creditedBy(tx, row.accountId, operator.id, Date.now()))
      throw new Refusal(
        'conflict',
        'You credited this player by hand in the last 24 h: a different admin must approve',
      );
    const earlier = await tx.select().from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, id));
    const needed = secondApprovalAbove !== null && row.hundredths > BigInt(secondApprovalAbove) ? 2 : 1;
    if (earlier.some((approval) => approval.operatorId === operator.id)) {
      // A retry after a failed signing may come from an approver; a second approval may not.
      if (earlier.length >= needed) return row;
      throw new Refusal('conflict', 'A second, different admin must approve this withdrawal');
    }
    await tx.insert(withdrawalApprovals).values({ withdrawalId: id, operatorId: operator.id, at: Date.now() });
    const approvals = earlier.length + 1;
    await audit({
      ...{ actor: operator.email, action: 'approve', target: `withdrawal:${id}`, address },
      after: { approvals, needed, amount: Number(row.hundredths), accountId: row.accountId },
    });
    return approvals >= needed ? row : null;
  });
  if (ready) {
    const signed = await signAndStore(ctx, ready, 'review');
    if (!signed) throw new Refusal('conflict', 'The transfer could not be signed now; approve again to retry');
    // As a withdrawal without review: sent once and looked at once; the payment worker finishes it.
    await send(ctx, signed);
    await settleWithdrawal(ctx, signed).catch((error: unknown) =>
      ctx.log.warn({ err: error, withdrawalId: id }, 'approved withdrawal not settled yet'),
    );
  }
  return one(ctx.db, id);
}

/** Rejects a held withdrawal: the row fails with the reason the player sees, and the hold goes back with its ledger row, in one transaction. */
export async function rejectWithdrawal(
  ctx: PaymentContext,
  bus: EventBus,
  operator: Operator,
  id: number,
  reason: string,
  address: string,
): Promise<OpsWithdrawal> {
  await audited(ctx.db, bus, async (tx, audit) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ status: 'failed', failReason: `Rejected: ${reason}`, settledAt: Date.now() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'review')))
      .returning();
    if (!row) throw new Refusal('conflict', 'This withdrawal is not under review');
    const balance = await moveBalance(tx, row.accountId, row.hundredths, 'withdraw_release', String(row.id));
    await audit({
      ...{ actor: operator.email, action: 'reject', target: `withdrawal:${id}`, reason, address },
      after: { amount: Number(row.hundredths), accountId: row.accountId, balance: Number(balance) },
    });
  });
  return one(ctx.db, id);
}
