/**
 * The betting side of the round engine: pays auto cash-outs (and MAX_WIN, and the round cap's rate) at
 * exactly their target as the rate passes it, and refunds the bets of voided rounds, each bet once.
 */

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { GROWTH_PER_MS } from '../../shared/constants';
import { HUNDREDTHS_PER_RATE, rateHundredths } from '../../shared/growth';
import { queryRows, type Db, type Tx } from '../db/client';
import { accounts, bets, rounds } from '../db/schema';
import type { LiveRound, RoundListener } from '../game/RoundListener';
import { endedRounds } from '../game/rounds';
import { closeBets, publishBets, toBet, type BetOutlet } from './betRows';

/** How many of the newest ended rounds `settleInterrupted` looks at: a failure leaves at most the last one open. */
const INTERRUPTED_LOOKBACK = 10;

/** A bet pay_due paid, as it answers it (the drivers give int8 as a string or a bigint). */
interface PaidBet extends Record<string, unknown> {
  id: string | bigint;
  nickname: string;
  amount: string | bigint;
  rate: number;
  win_amount: string | bigint;
  created_at: string | bigint;
}

/** Settles bets as the round engine reports ticks, ends and voided rounds. */
export class BetSettler implements RoundListener {
  constructor(
    private readonly db: Db,
    private readonly outlet: BetOutlet,
  ) {}

  /** Bets a player is cashing out by hand right now are skipped: that cash-out settles them. */
  async roundTick(round: LiveRound, rate: number): Promise<void> {
    await this.timed('tick', () => this.settle(round, rateHundredths(rate), true));
  }

  async roundEnded(round: LiveRound): Promise<void> {
    await this.timed('end', () => this.settle(round, Math.ceil(round.fullRate * HUNDREDTHS_PER_RATE), false));
  }

  /**
   * Pays what a failed end settlement (or a crash right after the round ENDED) left open: auto
   * cash-outs below the crash point (is_due.sql) in the newest ended rounds. Each bet is still
   * paid once.
   */
  async settleInterrupted(): Promise<void> {
    const recent = await endedRounds(this.db, INTERRUPTED_LOOKBACK);
    if (recent.length === 0) return;
    const due = await this.db
      .selectDistinct({ roundId: bets.roundId })
      .from(bets)
      .innerJoin(rounds, eq(rounds.id, bets.roundId))
      .where(
        and(
          inArray(
            bets.roundId,
            recent.map((r) => r.id),
          ),
          eq(bets.status, 'CREATED'),
          sql`is_due(${bets.cashoutAt}, ${rounds.fullRate})`,
        ),
      );
    for (const { roundId } of due) await this.roundEnded(recent.find((r) => r.id === roundId)!);
  }

  /** Also refunds open bets of any other VOID round: nothing a crash left behind keeps coins. */
  async roundsVoided(tx: Tx): Promise<() => void> {
    const refunded = await this.timed('void', () => this.refundVoided(tx));
    return () => publishBets(this.outlet, 'BET_CANCELED', refunded);
  }

  private async refundVoided(tx: Tx) {
    const open = await tx
      .select({ bet: bets, nickname: accounts.nickname })
      .from(bets)
      .innerJoin(accounts, eq(accounts.id, bets.accountId))
      .innerJoin(rounds, eq(rounds.id, bets.roundId))
      .where(and(eq(bets.status, 'CREATED'), eq(rounds.state, 'VOID')))
      .orderBy(asc(bets.id))
      .for('update', { of: bets });
    const now = Date.now();
    const voided = open.map(({ bet }) => ({ ...bet, status: 'VOID' as const, settledAt: now }));
    await closeBets(tx, voided, 'void_refund', (bet) => bet.amount);
    return voided.map((bet, i) => toBet(bet, open[i]!.nickname));
  }

  /**
   * Pays, in one statement (pay_due.sql), every open bet of the round whose target is at or below
   * `upTo` hundredths and below the crash point, at exactly its target.
   */
  private async settle(round: LiveRound, upTo: number, skipLocked: boolean): Promise<void> {
    // In a transaction of its own so that the leader's fence checks the epoch before anything is paid.
    const paid = await this.db.transaction((tx) =>
      queryRows<PaidBet>(
        tx,
        sql`SELECT * FROM pay_due(${round.id}, ${upTo}, ${round.fullRate}::float8, ${round.startedAt}::bigint,
              ${GROWTH_PER_MS}::float8, ${skipLocked}, ${Date.now()}::bigint)`,
      ),
    );
    const wins = paid.map((bet) =>
      toBet(
        {
          id: Number(bet.id),
          status: 'CASHED_OUT',
          createdAt: Number(bet.created_at),
          amount: Number(bet.amount),
          rate: bet.rate,
          winAmount: Number(bet.win_amount),
        },
        bet.nickname,
      ),
    );
    publishBets(this.outlet, 'BET_REFUNDED', wins);
  }

  /** Runs one settlement, observed in moonrush_settle_seconds. */
  private async timed<T>(on: 'tick' | 'end' | 'void', settle: () => Promise<T>): Promise<T> {
    const stop = this.outlet.metrics.settleSeconds.startTimer({ on });
    try {
      return await settle();
    } finally {
      stop();
    }
  }
}
