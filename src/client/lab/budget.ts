/** The time budget of a player's strategy: past it, its worker is ended however busy it is. */

import type { JobResult } from './customStrategy';

const STRATEGY_BUDGET_MS = 3000;

/** Where a strategy runs: started with a callback for its one answer, and ended at once by kill. */
export interface StrategyHost {
  start(onResult: (result: JobResult) => void): void;
  kill(): void;
}

/** The host's answer, or an error answer once `budgetMs` has passed; the host is killed either way. */
export function withinBudget(host: StrategyHost, budgetMs = STRATEGY_BUDGET_MS): Promise<JobResult> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      host.kill();
      resolve({
        error: `The strategy ran for more than ${budgetMs / 1000} s and was stopped: does it loop forever?`,
      });
    }, budgetMs);
    host.start((result) => {
      clearTimeout(timer);
      host.kill();
      resolve(result);
    });
  });
}
