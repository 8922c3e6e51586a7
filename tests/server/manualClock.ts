/**
 * A clock and timers for the round engine that a test moves by hand (RoundEngine's `clock` and
 * `timers`), as game-server test kits step a simulation: no step waits for the wall clock, and a
 * step's instant is exactly the one the engine asked for.
 */

import type { Timers } from '../../src/server/game/RoundEngine';

interface Due {
  at: number;
  step: () => void;
}

export function manualClock(start: number) {
  let time = start;
  const due = new Set<Due>();
  const timers: Timers = {
    after(ms, step) {
      const timer = { at: time + ms, step };
      due.add(timer);
      return timer;
    },
    cancel: (timer) => void due.delete(timer as Due),
  };
  return {
    now: () => time,
    timers,
    /** How many steps are scheduled. */
    pending: () => due.size,
    /** Moves the clock to the earliest step due and runs it; false when none is scheduled. */
    next(): boolean {
      const [first] = [...due].sort((a, b) => a.at - b.at);
      if (!first) return false;
      due.delete(first);
      time = Math.max(time, first.at);
      first.step();
      return true;
    },
  };
}
