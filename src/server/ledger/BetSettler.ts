/**
 * The betting side of the round engine: pays auto cash-outs (and MAX_WIN) at exactly their
 * target as the rate passes it, and refunds the bets of voided rounds, each bet once.
 */

import { and, asc, eq, lte } from 'drizzle-orm';
import { msToRate, rateHundredths } from '../../shared/growth';
import type { EventBus } from '../bus/EventBus';
import type { Db } from '../db/client';
import { accounts, bets } from '../db/schema';
import type { LiveRound, RoundListener } from '../game/RoundListener';
import { moveBalance } from './balance';
import { payOut, publishBet, toBet, type BetRow } from './betRows';
import { NO_TARGET } from './bets';

export class BetSettler implements RoundListener {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  async roundTick(round: LiveRound, rate: number): Promise<void> {
    await this.settle(round, rateHundredths(rate));
  }

  async roundEnded(round: LiveRound): Promise<void> {
    await this.settle(round, Math.ceil(round.fullRate * 100));
  }

  async roundVoided(roundId: number): Promise<void> {
    for (const { id, nickname } of await this.openBets(roundId, NO_TARGET)) {
      const refunded = await this.db.transaction(async (tx) => {
        const [bet] = await tx.select().from(bets).where(eq(bets.id, id)).for('update');
        if (bet?.status !== 'CREATED') return null;
        const [row] = await tx.update(bets).set({ status: 'VOID', settledAt: Date.now() }).where(eq(bets.id, id)).returning();
        await moveBalance(tx, bet.accountId, BigInt(bet.amount), 'void_refund', String(id));
        return row!;
      });
      if (refunded) publishBet(this.bus, 'BET_CANCELED', toBet(refunded, nickname));
    }
  }

  /** Pays every open bet of the round whose target is at or below `upTo` hundredths and below the crash point. */
  private async settle(round: LiveRound, upTo: number): Promise<void> {
    for (const { id, nickname } of await this.openBets(round.id, upTo)) {
      const paid = await this.db.transaction(async (tx) => {
        const [bet] = await tx.select().from(bets).where(eq(bets.id, id)).for('update');
        if (bet?.status !== 'CREATED' || bet.cashoutAt / 100 >= round.fullRate) return null;
        return payOut(tx, bet, bet.cashoutAt, settledAt(round, bet));
      });
      if (paid) publishBet(this.bus, 'BET_REFUNDED', toBet(paid, nickname));
    }
  }

  private openBets(roundId: number, upTo: number) {
    return this.db
      .select({ id: bets.id, nickname: accounts.nickname })
      .from(bets)
      .innerJoin(accounts, eq(accounts.id, bets.accountId))
      .where(and(eq(bets.roundId, roundId), eq(bets.status, 'CREATED'), lte(bets.cashoutAt, upTo)))
      .orderBy(asc(bets.id));
  }
}

/** The instant the rate reached the bet's target (for the record; the win depends only on the target). */
function settledAt(round: LiveRound, bet: BetRow): number {
  return round.startedAt === null ? Date.now() : Math.round(round.startedAt + msToRate(bet.cashoutAt / 100));
}
