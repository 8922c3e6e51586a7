/** The sandbox worker's job in a Node worker thread, for the budget tests: the player's source is evaluated as the page's worker script does. */

import { parentPort, workerData } from 'node:worker_threads';
import { runJob } from '../../../src/client/lab/customStrategy';

const { source, rounds, start } = workerData as { source: string; rounds: []; start: number };
const make = () => (0, eval)(`(${source})`) as unknown;
let result;
try {
  make();
  result = runJob(make, rounds, start);
} catch (error) {
  result = { error: `The strategy does not parse: ${(error as Error).message}` };
}
parentPort!.postMessage(result);
