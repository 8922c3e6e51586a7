/**
 * The house's risk caps (docs/architecture.md "House limits", after Bustabit v2): what one bet and one round may win, as a
 * share of the bankroll, and the rate at which a round's open bets are all cashed out so that
 * its profit stays within the round's cap. Amounts are hundredths, rates hundredths (x2.35 = 235).
 */

import type { RiskPercents } from '../config';

/** The bankroll and the caps in force for a round, in hundredths. */
export interface RoundCaps {
  bankroll: number;
  maxBetProfit: number;
  maxRoundProfit: number;
}

/** The caps of a bankroll (never negative: a house short of what it owes caps everything to 0). */
export function capsOf(bankroll: bigint, percents: RiskPercents): RoundCaps {
  const held = bankroll > 0n ? bankroll : 0n;
  const share = (ppm: number) => Number((held * BigInt(ppm)) / 1_000_000n);
  return { bankroll: Number(held), maxBetProfit: share(percents.betPpm), maxRoundProfit: share(percents.roundPpm) };
}

/** A bet as the round cap sees it: its stake and the target it is cashed out at (auto, or MAX_WIN's). */
export interface StakedBet {
  amount: number;
  cashoutAt: number;
}

/**
 * The highest rate at which the round's profit still fits `maxRoundProfit` if every bet is paid
 * at the lower of its target and that rate, or null when paying every bet at its target fits.
 * Bets are counted at their targets even if cashed out earlier by hand, so the answer is safe
 * whatever players do. At least x1.00 (the stakes back).
 */
export function limitRate(bets: readonly StakedBet[], maxRoundProfit: number): number | null {
  const sorted = [...bets].sort((a, b) => a.cashoutAt - b.cashoutAt);
  // Profit in hundredths of a hundredth (amount x rate hundredths), exact in bigint.
  const cap = BigInt(maxRoundProfit) * 100n;
  let rest = sorted.reduce((total, bet) => total + BigInt(bet.amount), 0n);
  let paid = 0n;
  for (const bet of sorted) {
    const target = BigInt(bet.cashoutAt);
    // Every bet not yet counted is paid at least at this target: does that still fit?
    if (paid + rest * (target - 100n) > cap) return 100 + Number((cap - paid) / rest);
    paid += BigInt(bet.amount) * (target - 100n);
    rest -= BigInt(bet.amount);
  }
  return null;
}
