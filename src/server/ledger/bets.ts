/**
 * Placing, canceling and cashing out bets (architecture §3). Each is one transaction that locks
 * the round row FOR SHARE, so the engine's UPDATE to STARTED or ENDED waits for it and the
 * race with the start and the crash is settled by PostgreSQL.
 */

import { and, count, desc, eq } from 'drizzle-orm';
import { BET_MIN, HUNDREDTHS_PER_COIN, MAX_ACTIVE_BETS_PER_ROUND } from '../../shared/constants';
import { crashInstant, rateAt, rateHundredths } from '../../shared/growth';
import type { BetIdResponse, CashOutResponse } from '../../shared/protocol';
import type { Db, Tx } from '../db/client';
import { accounts, bets, rounds } from '../db/schema';
import type { AccountRef } from './accounts';
import { InsufficientFunds, moveBalance } from './balance';
import { payOut, publishBet, toBet, type BetOutlet, type BetRow } from './betRows';
import { Refusal } from '../Refusal';

/** What placing and settling bets needs. */
export interface Betting extends BetOutlet {
  db: Db;
  /** Largest win of one bet in hundredths: a bet reaching it is cashed out by the server. */
  maxWin: number;
}

/** The smallest bet in hundredths. */
export const MIN_BET = BET_MIN * HUNDREDTHS_PER_COIN;
/** The lowest auto cash-out target in hundredths. */
export const MIN_TARGET = 101;

/** cashout_at of a bet that only MAX_WIN ends (the column is a 32-bit integer). */
const NO_TARGET = 2_147_483_647;

/** The largest bet: MAX_BET, and small enough that a x1.01 cash-out stays within MAX_WIN. */
export function largestBet(maxBet: number, maxWin: number): number {
  return Math.min(maxBet, Math.floor((maxWin * 100) / MIN_TARGET));
}

/** Places a bet on the round taking bets; `target` is the auto cash-out rate in hundredths. */
export async function placeBet(
  betting: Betting,
  account: AccountRef,
  amount: number,
  target: number | null,
): Promise<BetIdResponse> {
  const now = Date.now();
  const cashoutAt = Math.min(target ?? NO_TARGET, Math.floor((betting.maxWin * 100) / amount));
  const bet = await betting.db.transaction(async (tx) => {
    const [round] = await tx
      .select({ id: rounds.id })
      .from(rounds)
      .where(eq(rounds.state, 'CREATED'))
      .orderBy(desc(rounds.id))
      .limit(1)
      .for('share');
    if (!round) throw new Refusal('conflict', 'Betting is closed: wait for the next round');
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.id)).for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(bets)
      .where(and(eq(bets.roundId, round.id), eq(bets.accountId, account.id), eq(bets.status, 'CREATED')));
    if ((active?.n ?? 0) >= MAX_ACTIVE_BETS_PER_ROUND)
      throw new Refusal('conflict', `You already have ${MAX_ACTIVE_BETS_PER_ROUND} bets in this round`);
    const [row] = await tx
      .insert(bets)
      .values({
        roundId: round.id,
        accountId: account.id,
        amount,
        status: 'CREATED',
        autoRate: target,
        cashoutAt,
        createdAt: now,
      })
      .returning();
    await debit(tx, row!);
    return row!;
  });
  publishBet(betting, 'BET_CREATED', toBet(bet, account.nickname));
  return { betId: String(bet.id) };
}

async function debit(tx: Tx, bet: BetRow): Promise<void> {
  try {
    await moveBalance(tx, bet.accountId, -BigInt(bet.amount), 'bet', String(bet.id));
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new Refusal('conflict', 'Not enough funds');
    throw error;
  }
}

/** Locks one of the player's bets and its round for the rest of the transaction. */
async function lockBet(tx: Tx, account: AccountRef, betId: number) {
  const [bet] = await tx
    .select()
    .from(bets)
    .where(and(eq(bets.id, betId), eq(bets.accountId, account.id)))
    .for('update');
  if (!bet) throw new Refusal('not_found', 'No such bet');
  const [round] = await tx.select().from(rounds).where(eq(rounds.id, bet.roundId)).for('share');
  if (bet.status !== 'CREATED')
    throw new Refusal('conflict', bet.status === 'REFUNDED' ? 'This bet is already cashed out' : 'This bet is closed');
  return { bet, round: round! };
}

/** Takes a bet back with a full refund, only before its round starts. */
export async function cancelBet(betting: Betting, account: AccountRef, betId: number): Promise<BetIdResponse> {
  const canceled = await betting.db.transaction(async (tx) => {
    const { bet, round } = await lockBet(tx, account, betId);
    if (round.state !== 'CREATED')
      throw new Refusal('conflict', 'The round has started: this bet can no longer be canceled');
    const [row] = await tx
      .update(bets)
      .set({ status: 'CANCELED', settledAt: Date.now() })
      .where(eq(bets.id, bet.id))
      .returning();
    await moveBalance(tx, bet.accountId, BigInt(bet.amount), 'cancel', String(bet.id));
    return row!;
  });
  publishBet(betting, 'BET_CANCELED', toBet(canceled, account.nickname));
  return { betId: String(betId) };
}

/**
 * Cashes a bet out at the rate of `receivedAt`, valid while that instant is before the crash. If
 * the bet's auto target (or MAX_WIN) was reached earlier, it is paid at that target.
 */
export async function cashOut(
  betting: Betting,
  account: AccountRef,
  betId: number,
  receivedAt: number,
): Promise<CashOutResponse> {
  const paid = await betting.db.transaction(async (tx) => {
    const { bet, round } = await lockBet(tx, account, betId);
    if (round.state === 'CREATED') throw new Refusal('conflict', 'The round has not started yet');
    const live = (round.state === 'STARTED' || round.state === 'ENDED') && round.startedAt !== null;
    if (!live || receivedAt >= crashInstant(round.startedAt!, round.fullRate))
      throw new Refusal('conflict', 'Too late: the rocket has flown away');
    const rate = Math.min(bet.cashoutAt, rateHundredths(rateAt(receivedAt - round.startedAt!)));
    const [paid] = await payOut(tx, [{ bet, rate, at: receivedAt }]);
    return paid!;
  });
  publishBet(betting, 'BET_REFUNDED', toBet(paid, account.nickname));
  return { betId: String(betId), rate: paid.rate! / 100, winAmount: paid.winAmount! };
}
