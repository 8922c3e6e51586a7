/** How the engine loop follows the flight: its playback rate rises with the multiplier. */

import { rateAt } from '../../shared/growth';

/** Playback rate of the engine loop: 1 at x1, +0.3 per doubling, at most 2.5 (from x32 on). */
export function engineRate(multiplier: number): number {
  return Math.min(2.5, 1 + 0.3 * Math.log2(Math.max(1, multiplier)));
}

/** The multiplier now, from the round's server start time and how far the server clock is ahead of ours. */
export function flightMultiplier(startedAt: number, clockOffset: number | null, now = Date.now()): number {
  return rateAt(now + (clockOffset ?? 0) - startedAt);
}
