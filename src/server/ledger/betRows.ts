/** Bet rows as players see them, and the one place a bet is paid out. */

import { eq } from 'drizzle-orm';
import type { Bet, BetEvent, BetEventType } from '../../shared/protocol';
import { DESTINATIONS } from '../../shared/protocol';
import type { EventBus } from '../bus/EventBus';
import type { Tx } from '../db/client';
import { bets } from '../db/schema';
import { moveBalance } from './balance';

/** A row of the bets table. */
export type BetRow = typeof bets.$inferSelect;

/** A bet on the wire: amounts in hundredths, the cash-out rate as a multiplier. */
export function toBet(row: BetRow, nickname: string): Bet {
  return {
    betId: String(row.id),
    status: row.status as Bet['status'],
    time: row.createdAt,
    nickname,
    amount: row.amount,
    rate: row.rate === null ? null : row.rate / 100,
    winAmount: row.winAmount,
  };
}

/** Tells every player about a bet (the STOMP layer fans the bus out to /api/v1/ws/bets/info). */
export function publishBet(bus: EventBus, eventType: BetEventType, bet: Bet): void {
  bus.publish(DESTINATIONS.bets, JSON.stringify({ eventType, data: bet } as BetEvent));
}

/** Cashes an open bet (already locked FOR UPDATE) out at `rate` hundredths: floor(amount * rate), paid once. */
export async function payOut(tx: Tx, bet: BetRow, rate: number, now: number): Promise<BetRow> {
  const winAmount = Math.floor((bet.amount * rate) / 100);
  const [paid] = await tx
    .update(bets)
    .set({ status: 'REFUNDED', rate, winAmount, settledAt: now })
    .where(eq(bets.id, bet.id))
    .returning();
  await moveBalance(tx, bet.accountId, BigInt(winAmount), 'win', String(bet.id));
  return paid!;
}
