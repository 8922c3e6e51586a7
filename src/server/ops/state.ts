/** The console's live view (docs/ops.md "State"): the round, the house, players online, payments waiting, the last rounds and the day from the transfers, errors. */

import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bets, depositIntents, manualCredits, rounds, withdrawals } from '../db/schema';
import { latestRound } from '../game/rounds';
import { holdings } from '../payments/reserves';
import type { PaymentContext } from '../payments/PaymentContext';
import { lamportsToHundredths } from '../../shared/money';
import { HUNDREDTHS_PER_RATE, rateAt, rateHundredths } from '../../shared/growth';
import type { OpsState } from '../../shared/ops';
import { manualCreditsBy, periodResult, roundResults } from '../ledger/houseResults';
import { readPause } from './maintenance';

/** How many ended rounds the state lists. */
const LAST_ROUNDS = 10;
const DAY_MS = 86_400_000;

export interface StateSources {
  db: Db;
  payments: PaymentContext;
  /** The database's clock (the round's rate). */
  now: () => number;
  playersOnline: () => number;
  errorsLastHour: () => number;
}

const count = sql<number>`count(*)::int`;

export async function opsState(sources: StateSources): Promise<OpsState> {
  const { db } = sources;
  const [paused, round, house, pending, lastRounds, today] = await Promise.all([
    readPause(db),
    currentRound(sources),
    houseView(sources.payments),
    pendingPayments(db, Date.now()),
    endedRounds(db),
    todayView(db, Date.now()),
  ]);
  return {
    ...{ paused, round, house, playersOnline: sources.playersOnline(), pending, lastRounds, today },
    errorsLastHour: sources.errorsLastHour(),
  };
}

/** The newest round: its rate now, its bets and stakes, and the profit the house would owe if every open bet cashed out now. */
async function currentRound({ db, now }: StateSources): Promise<OpsState['round']> {
  const round = await latestRound(db);
  if (!round) return null;
  const rate =
    round.state === 'STARTED' && round.startedAt !== null
      ? Math.min(rateHundredths(rateAt(now() - round.startedAt)), rateHundredths(round.fullRate))
      : round.state === 'ENDED'
        ? (round.rateHundredths ?? HUNDREDTHS_PER_RATE)
        : HUNDREDTHS_PER_RATE;
  // Open bets pay their stake times the rate (cut at their cash-out target); a cashed-out bet's profit is paid already.
  const openRate = round.state === 'STARTED' ? sql`least(${bets.cashoutAt}, ${rate})` : sql`${HUNDREDTHS_PER_RATE}`;
  const [totals] = await db
    .select({
      bets: count,
      stakes: sql<string>`COALESCE(sum(${bets.amount}), 0)`,
      profit: sql<string>`COALESCE(sum(CASE WHEN ${bets.status} = 'CASHED_OUT' THEN ${bets.winAmount} - ${bets.amount}
        WHEN ${bets.status} = 'CREATED' THEN payout(${bets.amount}, (${openRate})::integer) - ${bets.amount} ELSE 0 END), 0)`,
    })
    .from(bets)
    .where(and(eq(bets.roundId, round.id), inArray(bets.status, ['CREATED', 'CASHED_OUT'])));
  return {
    ...{ gameId: String(round.id), state: round.state as NonNullable<OpsState['round']>['state'], rate },
    ...{ bets: totals?.bets ?? 0, stakes: Number(totals?.stakes ?? 0), owedIfAllCashOut: Number(totals?.profit ?? 0) },
    riskCap: round.maxRoundProfit,
  };
}

async function houseView(payments: PaymentContext): Promise<OpsState['house']> {
  const { house, owed, bankroll } = await holdings(payments);
  const chainBalance = lamportsToHundredths(house, payments.coinsPerSol);
  return {
    ...{ chainBalance: Number(chainBalance), coinsOwed: Number(owed), bankroll: Number(bankroll) },
    reservesRatio: owed > 0n ? Math.round((Number(chainBalance) / Number(owed)) * 10_000) / 10_000 : null,
  };
}

/** Deposits waiting for the chain (prepared and unexpired, or paid and unsettled), withdrawals on their way and held for review. */
async function pendingPayments(db: Db, now: number): Promise<OpsState['pending']> {
  const [deposits] = await db
    .select({ n: count })
    .from(depositIntents)
    .where(
      and(
        eq(depositIntents.status, 'pending'),
        sql`(${depositIntents.signature} IS NOT NULL OR ${depositIntents.expiresAt} > ${now})`,
      ),
    );
  const byStatus = await db
    .select({ status: withdrawals.status, n: count })
    .from(withdrawals)
    .where(inArray(withdrawals.status, ['pending', 'review']))
    .groupBy(withdrawals.status);
  const of = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const [credits] = await db.select({ n: count }).from(manualCredits).where(eq(manualCredits.status, 'held'));
  return { deposits: deposits?.n ?? 0, withdrawals: of('pending'), review: of('review'), credits: credits?.n ?? 0 };
}

/** The last ended rounds: crash point (hundredths) and the house's result from their transfers (negative when the house lost). */
async function endedRounds(db: Db): Promise<OpsState['lastRounds']> {
  const rows = await db
    .select({ id: rounds.id, crash: rounds.rateHundredths })
    .from(rounds)
    .where(and(eq(rounds.state, 'ENDED'), isNotNull(rounds.endedAt)))
    .orderBy(desc(rounds.id))
    .limit(LAST_ROUNDS);
  const results = await roundResults(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ gameId: String(row.id), crash: row.crash ?? 0, houseResult: results.get(row.id) ?? 0 }));
}

/** The day so far (UTC) from the transfers: the game's result, manual credits and debits, credits by operator. */
async function todayView(db: Db, now: number): Promise<OpsState['today']> {
  const midnight = now - (now % DAY_MS);
  const [result, credits] = await Promise.all([periodResult(db, midnight, now + 1), manualCreditsBy(db, midnight)]);
  return {
    ...result,
    creditsBy: [...credits].map(([operator, amount]) => ({ operator, amount })).sort((a, b) => b.amount - a.amount),
  };
}
