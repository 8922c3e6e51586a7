/** The growth curve of docs/architecture.md "Game rules": rate(ms) = e^(k * ms) from the round's start. */

import { GROWTH_PER_MS } from './constants';

/** A rate in hundredths is the multiplier times this (x2.35 -> 235). */
export const HUNDREDTHS_PER_RATE = 100;

/** The relative epsilon of `rateHundredths` (see `shownRate`). */
export const SHOWN_RATE_EPSILON = 1e-12;

/** The exact multiplier `ms` after the start. */
export function rateAt(ms: number): number {
  return Math.exp(GROWTH_PER_MS * Math.max(0, ms));
}

/** Milliseconds after the start at which the multiplier reaches `rate`. */
export function msToRate(rate: number): number {
  return Math.log(Math.max(1, rate)) / GROWTH_PER_MS;
}

/** The instant the rocket flies away: nothing cashes out at or after it. */
export function crashInstant(startedAt: number, fullRate: number): number {
  return startedAt + msToRate(fullRate);
}

/**
 * The rate players see: truncated to 2 decimals. A relative epsilon of 1e-12 keeps exact quotients
 * such as 1.13 (stored as 1.12999…) from dropping a hundredth; real crash points 0.95e9 / r are
 * never that close to a hundredth without being on it (their gap is at least 1e-11 relative).
 */
export function shownRate(rate: number): number {
  return rateHundredths(rate) / 100;
}

/** The shown rate as an integer number of hundredths (x2.35 -> 235). */
export function rateHundredths(rate: number): number {
  return Math.floor(rate * HUNDREDTHS_PER_RATE * (1 + SHOWN_RATE_EPSILON));
}

/** True when an auto cash-out at `target` hundredths is reached before the crash point `fullRate`: it is paid at its target. */
export function targetReached(target: number, fullRate: number): boolean {
  return target / HUNDREDTHS_PER_RATE < fullRate;
}

/**
 * The cash-out latency: how much later on the growth curve the accepted rate is than the one the
 * player saw, in ms of flight (negative when the page was ahead of the server).
 */
export function latencyMs(seenRate: number, acceptedRate: number): number {
  return Math.round(msToRate(acceptedRate) - msToRate(seenRate));
}
