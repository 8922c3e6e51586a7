/** The figures the strategy lab shows for a replay (docs/hud.md "Player tools"). */

import type { Outcome } from './replay';

export interface Figures {
  start: number;
  final: number;
  bets: number;
  wins: number;
  wagered: number;
  /** What the bets paid back (stakes of wins included). */
  returned: number;
  /** returned / wagered, null without bets; the game's theoretical return is RTP (0.95). */
  rtp: number | null;
  /** The biggest fall of the balance from a high to a later low, in hundredths. */
  maxDrawdown: number;
  longestLosingStreak: number;
}

export function figures(outcomes: readonly Outcome[], start: number): Figures {
  let peak = start;
  let maxDrawdown = 0;
  let streak = 0;
  const f = { bets: 0, wins: 0, wagered: 0, returned: 0, longestLosingStreak: 0 };
  for (const outcome of outcomes) {
    peak = Math.max(peak, outcome.balance);
    maxDrawdown = Math.max(maxDrawdown, peak - outcome.balance);
    if (outcome.stake === 0) continue;
    f.bets++;
    f.wagered += outcome.stake;
    f.returned += outcome.stake + outcome.profit;
    if (outcome.won) f.wins++;
    streak = outcome.won ? 0 : streak + 1;
    f.longestLosingStreak = Math.max(f.longestLosingStreak, streak);
  }
  return {
    start,
    final: outcomes.at(-1)?.balance ?? start,
    ...f,
    rtp: f.wagered === 0 ? null : f.returned / f.wagered,
    maxDrawdown,
  };
}
