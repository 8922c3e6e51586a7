/**
 * The shape of auto-bet rules and of a run of them (docs/hud.md "Player tools"), as a bet panel keeps
 * them (state/panelsAtom.ts); what they do is lab/autoRules.ts.
 */

/** After a win or a loss: back to the base stake, or the last stake increased by `percent`. */
export type StakeChange = { reset: true } | { increasePercent: number };

export interface AutoRules {
  /** Hundredths. */
  baseStake: number;
  target: number;
  /** How many bets, null for no limit. */
  bets: number | null;
  onWin: StakeChange;
  onLoss: StakeChange;
  /** Stop once the run's net result reaches +stopProfit / -stopLoss (hundredths), null for never. */
  stopProfit: number | null;
  stopLoss: number | null;
  /** Stop after one win whose profit exceeds this (hundredths), null for never. */
  stopWinAbove: number | null;
}

/** A run of the rules so far. */
export interface AutoRun {
  bets: number;
  /** Net result in hundredths. */
  net: number;
  /** The next stake. */
  stake: number;
  /** Why the run stopped, or null while it goes on. */
  stopped: string | null;
}
