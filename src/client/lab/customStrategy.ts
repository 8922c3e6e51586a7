/**
 * A player's own strategy (docs/hud.md "Player tools"): a JavaScript function the sandbox worker calls
 * before each round with `(balance, history, state)`, in coins: `history` holds the last rounds,
 * newest last, as `{ gameId, crash, stake, target, won, profit, balance }` (stake 0 when sat out);
 * `state` is an object it may keep things in. It returns `{ stake, target }` to bet, null to sit
 * the round out, or `{ stop: 'why' }` to end the run.
 *
 * Its memory budget: a browser lets no page read or cap a worker's heap, so what a strategy may
 * carry from one round to the next is bounded instead. Its source is evaluated afresh for every
 * call (a closure starts empty each round), and `state`, the one thing kept, must stay plain data
 * of at most STATE_BUDGET characters as JSON, checked after every call; the worker's global and
 * built-ins are frozen first (freezeAll.ts). What one call allocates and drops is bounded by the
 * time budget (budget.ts).
 */

import { HUNDREDTHS_PER_COIN } from '../../shared/constants';
import { replay, type Decision, type LabRound, type Outcome, type Replay, type Strategy } from './replay';

/** The strategy the lab shows first: a player edits it. */
export const EXAMPLE_STRATEGY = `// Called before each round. Amounts are in coins.
// history: the last rounds, newest last: { crash, stake, target, won, profit, balance }
// Return { stake, target } to bet, null to sit out, or { stop: 'why' } to end.
// state: kept between rounds, plain data of at most 64 KiB as JSON.
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

/** The most a strategy's `state` may hold, in characters of JSON (64 KiB of ASCII). */
const STATE_BUDGET = 64 * 1024;

/** A strategy past its memory budget: its run ends with this message rather than 'failed'. */
class OverBudget extends Error {}

/** Throws OverBudget unless `state` is plain data within STATE_BUDGET as JSON. */
function checkState(state: object): void {
  let json: string;
  try {
    // A function or symbol would be left out of the JSON while it kept what it closes over.
    json = JSON.stringify(state, (_key, value: unknown) => {
      if (typeof value === 'function' || typeof value === 'symbol') throw new TypeError(typeof value);
      return value;
    });
  } catch {
    throw new OverBudget(
      'The strategy keeps something in its state that is not plain data (numbers, strings, booleans, arrays, objects) and was stopped',
    );
  }
  if (json.length > STATE_BUDGET)
    throw new OverBudget(
      `The strategy keeps more than ${STATE_BUDGET / 1024} KiB in its state and was stopped: a strategy may carry at most ${STATE_BUDGET / 1024} KiB (as JSON) from one round to the next`,
    );
}

/** `make` evaluates the player's source to its function; it is called for every round so that no closure outlives one. */
function customStrategy(make: () => unknown): Strategy {
  const state = {};
  return ({ balance, history }) => {
    const fn = make();
    if (typeof fn !== 'function') throw new Error('The strategy is not a function');
    const value: unknown = fn(balance / HUNDREDTHS_PER_COIN, history.map(toCoins), state);
    checkState(state);
    return decisionOf(value);
  };
}

export type JobResult = { replay: Replay } | { error: string };

/** The sandbox worker's whole job: replay the rounds with the player's function, or say why it failed. */
export function runJob(make: () => unknown, rounds: LabRound[], start: number): JobResult {
  try {
    return { replay: replay(rounds, customStrategy(make), start) };
  } catch (error) {
    if (error instanceof OverBudget) return { error: error.message };
    return { error: `The strategy failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
