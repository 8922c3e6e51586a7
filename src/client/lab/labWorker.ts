/**
 * The strategy lab's worker, started inside the sandbox frame (src/shared/strategySandbox.ts)
 * from this bundle with the player's source put in front as `self.labStrategy = () => (...)`: a
 * maker of the function, called for every round (customStrategy.ts, its memory budget).
 */

import { runJob } from './customStrategy';
import { freezeAll } from './freezeAll';
import type { LabRound } from './replay';

const scope = self as unknown as {
  labStrategy: unknown;
  onmessage: ((event: MessageEvent<{ rounds: LabRound[]; start: number }>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = ({ data }) => {
  // The strategy cannot hang what it keeps on `self` or a built-in, past its state's budget.
  freezeAll(scope);
  scope.postMessage(runJob(scope.labStrategy as () => unknown, data.rounds, data.start));
};
