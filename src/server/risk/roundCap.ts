/** The round cap (docs/architecture.md "House limits"), applied at the start of a round inside the start's transaction. */

import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { bets } from '../db/schema';
import type { LiveRound } from '../game/RoundListener';
import { limitRate } from './caps';

/**
 * When the round's bets could win more than it allows, every bet whose target is above the limit
 * rate gets that rate as its target, and the rate is returned (null: the round fits its cap). The
 * ticks then cash them all out in one pay_due as the rate reaches it, a cash-out by hand is paid at
 * most that rate, and a failover or a late tick keeps it: it is the bets' own target.
 */
export async function capRound(tx: Tx, round: LiveRound): Promise<number | null> {
  if (round.maxRoundProfit === null) return null;
  const open = await tx
    .select({ amount: bets.amount, cashoutAt: bets.cashoutAt })
    .from(bets)
    .where(and(eq(bets.roundId, round.id), eq(bets.status, 'CREATED')));
  const rate = limitRate(open, round.maxRoundProfit);
  if (rate !== null)
    await tx
      .update(bets)
      .set({ cashoutAt: rate })
      .where(and(eq(bets.roundId, round.id), eq(bets.status, 'CREATED'), gt(bets.cashoutAt, rate)));
  return rate;
}
