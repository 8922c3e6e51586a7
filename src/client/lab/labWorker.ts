/**
 * The strategy lab's worker, started inside the sandbox frame (src/shared/strategySandbox.ts)
 * from this bundle with the player's function put in front as `self.labStrategy = (...)`.
 */

import { runJob } from './customStrategy';
import type { LabRound } from './replay';

const scope = self as unknown as {
  labStrategy: unknown;
  onmessage: ((event: MessageEvent<{ rounds: LabRound[]; start: number }>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = ({ data }) => scope.postMessage(runJob(scope.labStrategy, data.rounds, data.start));
