/**
 * The bet policy (docs/architecture.md "Game rules" and "House limits"): every rule of a bet's stake, target
 * and payout, for the page and the server alike. Amounts are hundredths of a coin, targets and rates
 * hundredths of a multiplier (x2.35 = 235). The database applies the same rules with the constants
 * generated from here (server/betting/functions.ts) and with house_target.sql and payout.sql, whose
 * parity with these functions tests/server/rulesParity.test.ts checks.
 */

import { AUTO_RATE_MIN, BET_MIN, HUNDREDTHS_PER_COIN } from './constants';
import { HUNDREDTHS_PER_RATE, rateHundredths } from './growth';
import { formatCoins, parseDecimal } from './money';

/** The smallest stake, in hundredths. */
export const MIN_STAKE = BET_MIN * HUNDREDTHS_PER_COIN;

/** The lowest auto cash-out target, in hundredths of a multiplier (x1.01). */
export const MIN_TARGET = Math.round(AUTO_RATE_MIN * HUNDREDTHS_PER_RATE);

/** The target of a bet that only MAX_WIN ends (the database's cashout_at is a 32-bit integer). */
const NO_TARGET = 2_147_483_647;

/** A multiplier a player typed as a target ("2", "2.5", "1,01") in hundredths, digits past the second decimal cut; null when it is not a number. */
export function typedTarget(text: string): number | null {
  const hundredths = parseDecimal(text, 2);
  return hundredths === null ? null : Number(hundredths);
}

/** What a stake of `amount` pays when cashed out at `rate` hundredths: rounded down to a hundredth of a coin. */
export function payout(amount: number, rate: number): number {
  return Number((BigInt(amount) * BigInt(rate)) / BigInt(HUNDREDTHS_PER_RATE));
}

/** The win of a cash-out at the multiplier `rate`: the payout at the rate players see (truncated to hundredths). */
export function winAmount(amount: number, rate: number): number {
  return payout(amount, rateHundredths(rate));
}

/** The largest stake the settings allow: MAX_BET, and small enough that a x1.01 cash-out stays within MAX_WIN. */
export function largestBet(maxBet: number, maxWin: number): number {
  return Math.min(maxBet, Math.floor((maxWin * HUNDREDTHS_PER_RATE) / MIN_TARGET));
}

/** The target a bet is cashed out at: its own (null by hand), lowered to where its payout reaches MAX_WIN. */
export function cashoutTarget(amount: number, target: number | null, maxWin: number): number {
  return Math.min(target ?? NO_TARGET, Math.floor((maxWin * HUNDREDTHS_PER_RATE) / amount));
}

/**
 * The house's per-bet cap: the highest target at which a stake of `amount` wins at most `maxBetProfit`
 * hundredths of profit. Below MIN_TARGET the house cannot cover the stake at all (house_target.sql).
 */
export function houseTarget(amount: number, maxBetProfit: number): number {
  return HUNDREDTHS_PER_RATE + Math.floor((maxBetProfit * HUNDREDTHS_PER_RATE) / amount);
}

/** The largest stake the house covers under a per-bet cap of `maxBetProfit`: the one whose x1.01 profit fits. */
export function largestCoveredBet(maxBetProfit: number): number {
  return Math.floor((maxBetProfit * HUNDREDTHS_PER_RATE) / (MIN_TARGET - HUNDREDTHS_PER_RATE));
}

/** Why a stake may be refused, in words a player reads (the wire's schema says the first two, the server the third). */
export const STAKE_NOT_WHOLE = 'amount must be a whole number of hundredths (at most two decimals)';
export const STAKE_TOO_SMALL = `The smallest bet is ${formatCoins(MIN_STAKE)} coins`;

/** Why a stake of `amount` hundredths may not be placed at all (not whole, below the smallest), or null when it may. */
export function stakeRefusal(amount: number): string | null {
  if (!Number.isInteger(amount)) return STAKE_NOT_WHOLE;
  if (amount < MIN_STAKE) return STAKE_TOO_SMALL;
  return null;
}

/**
 * The limit a stake passes, the smallest of those that bind: the table's largest bet (`largestBet`, a setting) or
 * what the house covers in the round taking bets (`largestCoveredBet`). Its code is the refusal's, so the panel,
 * the rules and the server's refusal say one sentence (`refusals.<code>`). The player's own limits are the third:
 * the server checks the smallest bound against them (limit_refusal) and names the limit when it binds first.
 */
export interface StakeBound {
  code: 'largestBet' | 'houseCover';
  /** The largest stake this limit allows, in hundredths. */
  largest: number;
}

/** The smallest bound on a stake: the table's `table` (hundredths) or the house's cover under `maxBetProfit` (null: unknown). */
function smallestBound(table: number, maxBetProfit: number | null): StakeBound {
  const covered = maxBetProfit === null ? Infinity : largestCoveredBet(maxBetProfit);
  return covered < table ? { code: 'houseCover', largest: covered } : { code: 'largestBet', largest: table };
}

/** The bound a stake of `amount` passes, or null when it passes none. */
export function stakeBound(amount: number, table: number, maxBetProfit: number | null): StakeBound | null {
  const bound = smallestBound(table, maxBetProfit);
  return amount > bound.largest ? bound : null;
}

/** A bound in English, as the envelope's errorMessage says it (the catalogue's `refusals.largestBet` and `refusals.houseCover`). */
export function boundMessage({ code, largest }: StakeBound): string {
  return code === 'largestBet'
    ? `The largest bet is ${formatCoins(largest)} coins`
    : `The house can cover a bet of at most ${formatCoins(largest)} coins right now`;
}
