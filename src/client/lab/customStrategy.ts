/**
 * A player's own strategy (docs/hud.md "Player tools"): a JavaScript function the sandbox worker
 * calls before each round with `(balance, history, state)`, in coins: `history` holds the last
 * rounds, newest last, as `{ gameId, crash, stake, target, won, profit, balance }` (stake 0 when
 * sat out); `state` is an object it may keep things in. It returns `{ stake, target }` to bet, null
 * to sit the round out, or `{ stop: 'why' }` to end the run.
 */

import { HUNDREDTHS_PER_COIN } from '../../shared/constants';
import { replay, type Decision, type LabRound, type Outcome, type Replay, type Strategy } from './replay';

/** The strategy the lab shows first: a player edits it. */
export const EXAMPLE_STRATEGY = `// Called before each round. Amounts are in coins.
// history: the last rounds, newest last: { crash, stake, target, won, profit, balance }
// Return { stake, target } to bet, null to sit out, or { stop: 'why' } to end.
(balance, history, state) => {
  const last = history[history.length - 1];
  if (!last || last.stake === 0 || last.won) state.stake = 10;
  else state.stake *= 2;
  return { stake: state.stake, target: 2 };
}`;

const toCoins = (outcome: Outcome) => ({
  ...outcome,
  stake: outcome.stake / HUNDREDTHS_PER_COIN,
  profit: outcome.profit / HUNDREDTHS_PER_COIN,
  balance: outcome.balance / HUNDREDTHS_PER_COIN,
});

/** What the function returned, as a decision; throws with a message the player can act on. */
function decisionOf(value: unknown): Decision {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') throw new Error(`The strategy returned ${String(value)}, not { stake, target }`);
  const { stake, target, stop } = value as Record<string, unknown>;
  if (stop !== undefined) return { stop: `The strategy stopped: ${String(stop).slice(0, 200)}` };
  if (typeof stake !== 'number' || typeof target !== 'number')
    throw new Error('The strategy must return numbers: { stake, target }');
  return { stake: Math.round(stake * HUNDREDTHS_PER_COIN), target };
}

function customStrategy(fn: unknown): Strategy {
  if (typeof fn !== 'function') throw new Error('The strategy is not a function');
  const state = {};
  return ({ balance, history }) =>
    decisionOf((fn as (...args: unknown[]) => unknown)(balance / HUNDREDTHS_PER_COIN, history.map(toCoins), state));
}

export type JobResult = { replay: Replay } | { error: string };

/** The sandbox worker's whole job: replay the rounds with the player's function, or say why it failed. */
export function runJob(fn: unknown, rounds: LabRound[], start: number): JobResult {
  try {
    return { replay: replay(rounds, customStrategy(fn), start) };
  } catch (error) {
    return { error: `The strategy failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
