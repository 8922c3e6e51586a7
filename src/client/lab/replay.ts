/**
 * The strategy lab's replay (docs/hud.md "Player tools"): a strategy bets on real past rounds,
 * oldest first, with the game's own rules: an auto cash-out at `target` is paid when the crash
 * point passes it (targetReached), at floor(stake * target) (winAmount); otherwise the stake is
 * lost. Money is integer hundredths. Pure, so the page, the sandbox worker and the tests run this
 * same code.
 */

import { AUTO_RATE_MAX, AUTO_RATE_MIN, BET_MIN } from '../../shared/constants';
import { rateHundredths, shownRate, targetReached } from '../../shared/growth';
import { MIN_STAKE, winAmount } from '../../shared/betPolicy';

/** A round to replay: its id and full crash point. */
export interface LabRound {
  gameId: string;
  fullRate: number;
}

/** One replayed round; stake 0 when the strategy sat it out. */
export interface Outcome {
  gameId: string;
  /** The shown crash point. */
  crash: number;
  stake: number;
  target: number;
  won: boolean;
  /** Payout minus stake (0 when sat out). */
  profit: number;
  /** The balance after the round. */
  balance: number;
}

/** What a strategy knows before a round: its balance and the rounds so far, newest last (at most HISTORY_SEEN). */
export interface StrategyView {
  balance: number;
  history: readonly Outcome[];
}

/** Bet `stake` hundredths with an auto cash-out at `target`; null sits the round out; stop ends the run. */
export type Decision = { stake: number; target: number } | { stop: string } | null;

export type Strategy = (view: StrategyView) => Decision;

/** How many past rounds a strategy is shown. */
const HISTORY_SEEN = 100;

export interface Replay {
  outcomes: Outcome[];
  /** Why the run ended before the last round, or null when it played them all. */
  stopped: string | null;
}

/** The reason a decision cannot be played at `balance`, or null when it can. */
function refusal(decision: { stake: number; target: number }, balance: number): string | null {
  const { stake, target } = decision;
  if (!Number.isSafeInteger(stake) || stake < MIN_STAKE) return `A stake below the minimum bet (${BET_MIN}) was asked`;
  if (stake > balance) return 'The balance cannot cover the next stake';
  if (!(target >= AUTO_RATE_MIN && target <= AUTO_RATE_MAX))
    return `A target outside x${AUTO_RATE_MIN}..x${AUTO_RATE_MAX} was asked`;
  return null;
}

export function replay(rounds: readonly LabRound[], strategy: Strategy, start: number): Replay {
  const outcomes: Outcome[] = [];
  let balance = start;
  for (const round of rounds) {
    const decision = strategy({ balance, history: outcomes.slice(-HISTORY_SEEN) });
    if (decision && 'stop' in decision) return { outcomes, stopped: decision.stop };
    const crash = shownRate(round.fullRate);
    if (!decision) {
      outcomes.push({ gameId: round.gameId, crash, stake: 0, target: 0, won: false, profit: 0, balance });
      continue;
    }
    const refused = refusal(decision, balance);
    if (refused) return { outcomes, stopped: refused };
    const target = rateHundredths(decision.target) / 100;
    const won = targetReached(rateHundredths(target), round.fullRate);
    const profit = (won ? winAmount(decision.stake, target) : 0) - decision.stake;
    balance += profit;
    outcomes.push({ gameId: round.gameId, crash, stake: decision.stake, target, won, profit, balance });
  }
  return { outcomes, stopped: null };
}
