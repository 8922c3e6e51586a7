/**
 * Four eyes on manual credits (docs/ops.md "Four eyes"): an admin's credit up to
 * OPS_CREDIT_APPROVAL_ABOVE is applied at once, one above it is held until a second, different
 * admin approves it (or an admin rejects it); every credit an admin asks for, held or applied,
 * counts against its OPS_CREDIT_DAILY_CAP over the last 24 hours. An applied credit is an
 * 'adjust' audit row and the 'manual' ledger row naming it, in one transaction; each act is audited.
 */

import { aliasedTable, and, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { accounts, manualCredits, operators } from '../db/schema';
import type { EventBus } from '../bus/EventBus';
import { moveBalance } from '../betting/balance';
import { formatCoins } from '../../shared/money';
import type { OpsManualCredit, OpsPage } from '../../shared/ops';
import { Refusal } from '../Refusal';
import { audited, type AuditWriter } from './audit';
import type { Operator } from './sessions';

/** The cap counts what an admin credited over this long; so long, too, a credit keeps its player's withdrawals in review. */
const CAP_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface CreditRules {
  /** Credits above this many hundredths wait for a second admin. */
  creditApprovalAbove: number;
  /** What one admin may credit over 24 hours, in hundredths. */
  creditDailyCap: number;
}

type Credit = typeof manualCredits.$inferSelect;
type Account = typeof accounts.$inferSelect;

/**
 * Asks for a credit of `hundredths` to the locked account `before`: within the admin's cap, applied
 * at once up to the approval threshold, else held. Answers the account after it and the held credit.
 */
export async function requestCredit(
  tx: Tx,
  audit: AuditWriter,
  operator: Operator,
  before: Account,
  hundredths: bigint,
  reason: string,
  address: string,
  rules: CreditRules,
): Promise<{ balance: bigint; held: Credit | null }> {
  // One request of an admin at a time: the cap is summed under its operator row's lock.
  await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, operator.id)).for('update');
  const now = Date.now();
  const [used] = await tx
    .select({ total: sql<string | null>`sum(${manualCredits.hundredths})` })
    .from(manualCredits)
    .where(
      and(
        eq(manualCredits.requestedBy, operator.id),
        inArray(manualCredits.status, ['held', 'applied']),
        gt(manualCredits.requestedAt, now - CAP_WINDOW_MS),
      ),
    );
  const total = BigInt(used?.total ?? 0) + hundredths;
  if (total > BigInt(rules.creditDailyCap))
    throw new Refusal(
      'conflict',
      `This would pass your credit cap of ${formatCoins(rules.creditDailyCap)} coins in 24 hours`,
    );
  const held = hundredths > BigInt(rules.creditApprovalAbove);
  const [credit] = await tx
    .insert(manualCredits)
    .values({
      ...{ accountId: before.id, hundredths, reason, requestedBy: operator.id, requestedAt: now },
      status: held ? 'held' : 'applied',
    })
    .returning();
  if (held) {
    await audit({
      ...{ actor: operator.email, action: 'credit_request', target: `account:${before.id}`, reason, address },
      after: { creditId: credit!.id, amount: Number(hundredths), approvalAbove: rules.creditApprovalAbove },
    });
    return { balance: before.balance, held: credit! };
  }
  return { balance: await apply(tx, audit, credit!, before.balance, operator, address, null), held: null };
}

/** The credit's 'adjust' audit row (its id is the ledger row's ref), the move, and the credit marked applied. */
async function apply(
  tx: Tx,
  audit: AuditWriter,
  credit: Credit,
  balance: bigint,
  actor: Operator,
  address: string,
  approvedBy: Operator | null,
): Promise<bigint> {
  const amount = credit.hundredths;
  const row = await audit({
    ...{ actor: actor.email, action: 'adjust', target: `account:${credit.accountId}`, reason: credit.reason, address },
    ...{
      before: { balance: Number(balance) },
      after: { balance: Number(balance + amount), amount: Number(amount), creditId: credit.id },
    },
  });
  const after = await moveBalance(tx, credit.accountId, amount, 'manual', String(row.id));
  await tx
    .update(manualCredits)
    .set({ status: 'applied', decidedBy: approvedBy?.id ?? null, decidedAt: Date.now(), auditId: row.id })
    .where(eq(manualCredits.id, credit.id));
  return after;
}

const requester = aliasedTable(operators, 'requester');
const decider = aliasedTable(operators, 'decider');

function view(row: { credit: Credit; requestedBy: string; decidedBy: string | null }): OpsManualCredit {
  const { credit } = row;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    ...{ id: String(credit.id), accountId: String(credit.accountId), amount: Number(credit.hundredths) },
    ...{ reason: credit.reason, status: credit.status as OpsManualCredit['status'] },
    ...{ requestedBy: row.requestedBy, requestedAt: iso(credit.requestedAt)!, decidedBy: row.decidedBy },
    ...{ decidedAt: iso(credit.decidedAt), decisionReason: credit.decisionReason },
  };
}

function creditRows(db: Db | Tx) {
  return db
    .select({ credit: manualCredits, requestedBy: requester.email, decidedBy: decider.email })
    .from(manualCredits)
    .innerJoin(requester, eq(requester.id, manualCredits.requestedBy))
    .leftJoin(decider, eq(decider.id, manualCredits.decidedBy));
}

/** Newest first; `status` held lists only those waiting for a second admin. */
export async function listCredits(
  db: Db,
  query: { status: 'held' | 'all'; before?: number; limit: number },
): Promise<OpsPage<OpsManualCredit>> {
  const where: SQL[] = [];
  if (query.status === 'held') where.push(eq(manualCredits.status, 'held'));
  if (query.before) where.push(lt(manualCredits.id, query.before));
  const rows = await creditRows(db)
    .where(and(...where))
    .orderBy(desc(manualCredits.id))
    .limit(query.limit);
  const items = rows.map(view);
  return { items, next: items.length === query.limit ? items.at(-1)!.id : null };
}

async function one(db: Db, id: number): Promise<OpsManualCredit> {
  const [row] = await creditRows(db).where(eq(manualCredits.id, id));
  if (!row) throw new Refusal('not_found', 'No such credit');
  return view(row);
}

/**
 * True when `operatorId` asked for or approved a credit to the account applied in the last 24
 * hours: that admin may not also approve the player's withdrawal (withdrawalReview.ts).
 */
export async function creditedBy(tx: Tx, accountId: number, operatorId: number, now: number): Promise<boolean> {
  const [found] = await tx
    .select({ id: manualCredits.id })
    .from(manualCredits)
    .where(
      and(
        eq(manualCredits.accountId, accountId),
        eq(manualCredits.status, 'applied'),
        gt(manualCredits.decidedAt, now - CAP_WINDOW_MS),
        or(eq(manualCredits.requestedBy, operatorId), eq(manualCredits.decidedBy, operatorId)),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** The held credit, locked; refused when there is none or it is decided already. */
async function heldCredit(tx: Tx, id: number): Promise<Credit> {
  const [credit] = await tx.select().from(manualCredits).where(eq(manualCredits.id, id)).for('update');
  if (!credit) throw new Refusal('not_found', 'No such credit');
  if (credit.status !== 'held') throw new Refusal('conflict', `This credit is ${credit.status}, not held`);
  return credit;
}

/** A second, different admin approves a held credit: it is applied with its audit and ledger rows. */
export async function approveCredit(
  db: Db,
  bus: EventBus,
  operator: Operator,
  id: number,
  address: string,
): Promise<OpsManualCredit> {
  await audited(db, bus, async (tx, audit) => {
    const credit = await heldCredit(tx, id);
    if (credit.requestedBy === operator.id)
      throw new Refusal('conflict', 'A second, different admin must approve this credit');
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, credit.accountId)).for('update');
    await apply(tx, audit, credit, account!.balance, operator, address, operator);
  });
  return one(db, id);
}

/** Any admin (the one who asked too) rejects a held credit: nothing moves, the act is audited. */
export async function rejectCredit(
  db: Db,
  bus: EventBus,
  operator: Operator,
  id: number,
  reason: string,
  address: string,
): Promise<OpsManualCredit> {
  await audited(db, bus, async (tx, audit) => {
    const credit = await heldCredit(tx, id);
    await tx
      .update(manualCredits)
      .set({ status: 'rejected', decidedBy: operator.id, decidedAt: Date.now(), decisionReason: reason })
      .where(eq(manualCredits.id, id));
    await audit({
      ...{ actor: operator.email, action: 'credit_reject', target: `account:${credit.accountId}`, reason, address },
      after: { creditId: credit.id, amount: Number(credit.hundredths) },
    });
  });
  return one(db, id);
}
