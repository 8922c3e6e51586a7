/**
 * Player support (docs/ops.md "Players"): search, a player's file (balance, limits, sign-ins,
 * payments with their signatures, bets), the ledger with running balance, block and unblock, and
 * manual credits and debits: a ledger row of kind 'manual' written by the money module whose ref is
 * the id of its audit row, both in one transaction.
 */

import { and, desc, eq, ilike, like, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, bets, depositIntents, exclusions, ledgerEntries, signIns } from '../db/schema';
import type { EventBus } from '../bus/EventBus';
import { InsufficientFunds, moveBalance } from '../betting/balance';
import { readLimits } from '../risk/playerLimits';
import { Refusal } from '../Refusal';
import type { OpsLedgerRow, OpsPage, OpsPlayerSummary } from '../../shared/ops';
import { audited } from './audit';
import { requestCredit, type CreditRules } from './manualCredits';
import type { Operator } from './sessions';
import { listWithdrawals } from './withdrawalReview';

/** Search answers and the lists of a player's file are this long at most. */
const SEARCH_LIMIT = 20;
const FILE_LIST = 50;

type Account = typeof accounts.$inferSelect;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function summary(row: Account): OpsPlayerSummary {
  return {
    ...{ id: String(row.id), wallet: row.wallet, email: row.email, referralCode: row.referralCode },
    ...{ balance: Number(row.balance), blocked: row.blockedReason !== null },
  };
}

/** Players whose wallet, email (any case) or referral code starts with `q`. */
export async function searchPlayers(db: Db, q: string): Promise<OpsPlayerSummary[]> {
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(accounts)
    .where(or(like(accounts.wallet, prefix), ilike(accounts.email, prefix), like(accounts.referralCode, prefix)))
    .orderBy(accounts.id)
    .limit(SEARCH_LIMIT);
  return rows.map(summary);
}

async function account(db: Db, id: number): Promise<Account> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  if (!row) throw new Refusal('not_found', 'No such player');
  return row;
}

/** Everything support needs about one player. */
export async function playerFile(db: Db, id: number) {
  const row = await account(db, id);
  const now = Date.now();
  const [exclusion] = await db.select().from(exclusions).where(eq(exclusions.accountId, id));
  const logins = await db
    .select()
    .from(signIns)
    .where(eq(signIns.accountId, id))
    .orderBy(desc(signIns.id))
    .limit(FILE_LIST);
  const deposits = await db
    .select()
    .from(depositIntents)
    .where(eq(depositIntents.accountId, id))
    .orderBy(desc(depositIntents.id))
    .limit(FILE_LIST);
  const lastBets = await db.select().from(bets).where(eq(bets.accountId, id)).orderBy(desc(bets.id)).limit(FILE_LIST);
  return {
    ...summary(row),
    blockedReason: row.blockedReason,
    limits: await readLimits(db, id, now),
    exclusion:
      exclusion && (exclusion.until === null || exclusion.until > now) ? { until: iso(exclusion.until) } : null,
    createdAt: iso(row.createdAt),
    signIns: logins.map((login) => ({ address: login.address, at: iso(login.at) })),
    deposits: deposits.map((d) => ({
      ...{ id: d.depositId, amount: Number(d.hundredths), status: d.status, signature: d.signature },
      ...{ reason: d.failReason, createdAt: iso(d.createdAt) },
    })),
    withdrawals: (await listWithdrawals(db, { status: 'all', limit: FILE_LIST, accountId: id })).items,
    bets: lastBets.map((bet) => ({
      ...{ id: String(bet.id), gameId: String(bet.roundId), amount: bet.amount, status: bet.status },
      ...{ rate: bet.rate, win: bet.winAmount, at: iso(bet.createdAt) },
    })),
  };
}

/** The player's ledger, newest first, with the balance after each row. */
export async function playerLedger(
  db: Db,
  id: number,
  page: { before?: number; limit: number },
): Promise<OpsPage<OpsLedgerRow>> {
  await account(db, id);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, id), page.before ? lt(ledgerEntries.id, page.before) : undefined))
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit);
  return {
    items: rows.map((row) => ({
      ...{ id: String(row.id), kind: row.kind, amount: Number(row.delta), balance: Number(row.balanceAfter) },
      ...{ at: iso(row.createdAt)!, ref: row.ref },
    })),
    next: rows.length === page.limit ? String(rows.at(-1)!.id) : null,
  };
}

/** Blocks (reason) or unblocks (null) a player, with its audit row. */
export async function setBlocked(
  db: Db,
  bus: EventBus,
  operator: Operator,
  id: number,
  blockedReason: string | null,
  reason: string,
  address: string,
): Promise<OpsPlayerSummary> {
  return audited(db, bus, async (tx, audit) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
    if (!before) throw new Refusal('not_found', 'No such player');
    if ((before.blockedReason !== null) === (blockedReason !== null))
      throw new Refusal('conflict', blockedReason ? 'This player is blocked already' : 'This player is not blocked');
    const [after] = await tx.update(accounts).set({ blockedReason }).where(eq(accounts.id, id)).returning();
    await audit({
      ...{
        actor: operator.email,
        action: blockedReason ? 'block' : 'unblock',
        target: `account:${id}`,
        reason,
        address,
      },
      ...{ before: { blocked: before.blockedReason }, after: { blocked: blockedReason } },
    });
    return summary(after!);
  });
}

/**
 * A manual credit (hundredths > 0) or debit (hundredths < 0). A debit is the audit row first
 * (its id is the ledger row's ref, which ledger:check follows), then the move, in one transaction;
 * one past the balance writes nothing. A credit goes through the four-eyes rules (manualCredits.ts):
 * the answer's `heldCredit` is the credit waiting for a second admin, or null once it is applied.
 */
export async function adjustBalance(
  db: Db,
  bus: EventBus,
  operator: Operator,
  id: number,
  { hundredths, reason, address }: { hundredths: number; reason: string; address: string },
  rules: CreditRules,
): Promise<OpsPlayerSummary & { heldCredit: string | null }> {
  const delta = BigInt(hundredths);
  try {
    return await audited(db, bus, async (tx, audit) => {
      const [before] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
      if (!before) throw new Refusal('not_found', 'No such player');
      if (delta > 0n) {
        const { balance, held } = await requestCredit(tx, audit, operator, before, delta, reason, address, rules);
        return { ...summary({ ...before, balance }), heldCredit: held && String(held.id) };
      }
      const row = await audit({
        ...{ actor: operator.email, action: 'adjust', target: `account:${id}`, reason, address },
        ...{
          before: { balance: Number(before.balance) },
          after: { balance: Number(before.balance + delta), amount: Number(delta) },
        },
      });
      await moveBalance(tx, id, delta, 'manual', String(row.id));
      return { ...summary({ ...before, balance: before.balance + delta }), heldCredit: null };
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new Refusal('conflict', 'The balance would go below zero');
    throw error;
  }
}
