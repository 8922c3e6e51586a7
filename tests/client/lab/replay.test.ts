import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { autoStrategy, fixedStrategy, martingale } from '../../../src/client/lab/autoRules';
import type { AutoRules } from '../../../src/client/state/autoRun';
import { withinBudget, type StrategyHost } from '../../../src/client/lab/budget';
import type { JobResult } from '../../../src/client/lab/customStrategy';
import { figures } from '../../../src/client/lab/figures';
import { replay, type LabRound } from '../../../src/client/lab/replay';

/** Six rounds; 2.00 is a loss for a target of x2 (a cash-out is paid only when the crash point passes it). */
const ROUNDS: LabRound[] = [1.5, 3.2, 1, 2, 2.01, 10].map((fullRate, i) => ({ gameId: String(i + 1), fullRate }));
const START = 10_000;

describe('the strategy lab replay', () => {
  it('replays 10 coins at x2 every round to the hand-computed balances and figures', () => {
    const { outcomes, stopped } = replay(ROUNDS, fixedStrategy(1000, 2), START);
    expect(stopped).toBeNull();
    // lose, win (+10), lose, lose at exactly x2, win, win
    expect(outcomes.map((o) => o.balance)).toEqual([9000, 10_000, 9000, 8000, 9000, 10_000]);
    expect(outcomes.map((o) => o.won)).toEqual([false, true, false, false, true, true]);
    expect(figures(outcomes, START)).toEqual({
      start: 10_000,
      final: 10_000,
      bets: 6,
      wins: 3,
      wagered: 6000,
      returned: 6000,
      rtp: 1,
      maxDrawdown: 2000,
      longestLosingStreak: 2,
    });
  });

  it('doubles the stake after each loss with martingale', () => {
    const { outcomes } = replay(ROUNDS, autoStrategy(martingale(1000, 2)), START);
    expect(outcomes.map((o) => o.stake)).toEqual([1000, 2000, 1000, 2000, 4000, 1000]);
    expect(outcomes.map((o) => o.balance)).toEqual([9000, 11_000, 10_000, 8000, 12_000, 13_000]);
  });

  it('stops the auto-bet rules on their loss limit, with the reason', () => {
    const rules: AutoRules = {
      ...martingale(1000, 2),
      onLoss: { increasePercent: 50 },
      stopLoss: 2000,
    };
    const { outcomes, stopped } = replay(ROUNDS, autoStrategy(rules), START);
    // -10, +15 (stake 15), -10, -15: net -20
    expect(outcomes.map((o) => o.stake)).toEqual([1000, 1500, 1000, 1500]);
    expect(stopped).toBe('Net loss reached 20');
    expect(outcomes.at(-1)!.balance).toBe(8000);
  });

  it('stops on a number of bets, a profit and a big win, and when the balance cannot cover the stake', () => {
    const base = { ...martingale(1000, 2), onLoss: { reset: true } as const };
    expect(replay(ROUNDS, autoStrategy({ ...base, bets: 3 }), START).stopped).toBe('Bets made: 3');
    expect(replay(ROUNDS, autoStrategy({ ...martingale(1000, 2), stopProfit: 1000 }), START).stopped).toBe(
      'Net profit reached 10',
    );
    expect(replay(ROUNDS, autoStrategy({ ...base, stopWinAbove: 500 }), START).stopped).toBe('A win of 10 exceeded 5');
    const broke = replay(ROUNDS, autoStrategy(martingale(4000, 2)), START);
    expect(broke.stopped).toBe('The balance cannot cover the next stake');
    expect(broke.outcomes.map((o) => o.balance)).toEqual([6000]);
  });
});

/** The player's source run in a worker thread as the page's sandbox worker runs it. */
function nodeHost(source: string): StrategyHost {
  let worker: Worker | undefined;
  return {
    start(onResult) {
      const script = new URL('./nodeStrategyWorker.ts', import.meta.url).href;
      // The thread loads TypeScript through tsx, as `npm start` does.
      const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(script)}, ${JSON.stringify(script)}))`;
      worker = new Worker(boot, { eval: true, workerData: { source, rounds: ROUNDS, start: START } });
      worker.on('message', (result: JobResult) => onResult(result));
    },
    kill: () => void worker?.terminate(),
  };
}

describe("a player's own strategy", () => {
  it('replays like the built-in one it copies', async () => {
    const result = await withinBudget(nodeHost('() => ({ stake: 10, target: 2 })'), 20_000);
    expect(result).toEqual({ replay: replay(ROUNDS, fixedStrategy(1000, 2), START) });
  });

  it('is stopped with a clear message when it loops forever', async () => {
    const began = Date.now();
    const result = await withinBudget(nodeHost('() => { for (;;) {} }'), 3000);
    expect(result).toEqual({ error: 'The strategy ran for more than 3 s and was stopped: does it loop forever?' });
    expect(Date.now() - began).toBeLessThan(10_000);
  });

  it('is stopped with a clear message when its state grows past its memory budget', async () => {
    const hoarder =
      "(balance, history, state) => { state.log = (state.log ?? '') + 'x'.repeat(20000); return { stake: 10, target: 2 }; }";
    expect(await withinBudget(nodeHost(hoarder), 20_000)).toEqual({
      error:
        'The strategy keeps more than 64 KiB in its state and was stopped: a strategy may carry at most 64 KiB (as JSON) from one round to the next',
    });
    expect(await withinBudget(nodeHost('(b, h, state) => { state.keep = () => 1; return null; }'), 20_000)).toEqual({
      error:
        'The strategy keeps something in its state that is not plain data (numbers, strings, booleans, arrays, objects) and was stopped',
    });
  });

  it('carries nothing in a closure from one round to the next: its source is evaluated for every round', async () => {
    const counter =
      "(() => { let calls = 0; return () => (++calls > 1 ? { stop: 'a closure kept ' + calls } : null); })()";
    expect(await withinBudget(nodeHost(counter), 20_000)).toMatchObject({ replay: { stopped: null } });
  });

  it('says what is wrong with what it returns', async () => {
    expect(await withinBudget(nodeHost('() => 7'), 20_000)).toEqual({
      error: 'The strategy failed: The strategy returned 7, not { stake, target }',
    });
    expect(await withinBudget(nodeHost('() => ({ stake: 1, target: 2 })'), 20_000)).toMatchObject({
      replay: { outcomes: [], stopped: 'A stake below the minimum bet (10) was asked' },
    });
  });
});
