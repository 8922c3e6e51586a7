/** Runs a player's strategy in the sandbox frame's worker (src/shared/strategySandbox.ts), within its time budget. */

import { SANDBOX_SRCDOC } from '../../shared/strategySandbox';
import workerUrl from './labWorker.ts?worker&url';
import { withinBudget, type StrategyHost } from './budget';
import type { JobResult } from './customStrategy';
import type { LabRound } from './replay';

let workerCode: Promise<string> | undefined;

/** The built worker's text, fetched once: the frame's opaque origin may only start a worker from a blob. */
function loadWorkerCode(): Promise<string> {
  workerCode ??= fetch(workerUrl).then((response) => {
    if (!response.ok) throw new Error(`The lab's worker did not load (${response.status})`);
    return response.text();
  });
  workerCode.catch(() => (workerCode = undefined));
  return workerCode;
}

function frameHost(code: string, job: { rounds: LabRound[]; start: number }): StrategyHost {
  const frame = document.createElement('iframe');
  let onMessage: ((event: MessageEvent) => void) | undefined;
  return {
    start(onResult) {
      onMessage = (event) => {
        if (event.source !== frame.contentWindow) return;
        if (event.data === 'ready') frame.contentWindow!.postMessage({ code, job }, '*');
        else onResult(event.data as JobResult);
      };
      window.addEventListener('message', onMessage);
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.hidden = true;
      frame.dataset.testid = 'strategy-sandbox';
      frame.srcdoc = SANDBOX_SRCDOC;
      document.body.append(frame);
    },
    kill() {
      if (onMessage) window.removeEventListener('message', onMessage);
      frame.remove();
    },
  };
}

/** The replay of `rounds` by the player's function `source`, or why it failed or was stopped. */
export async function runCustomStrategy(source: string, rounds: LabRound[], start: number): Promise<JobResult> {
  const code = `self.labStrategy = () => (\n${source}\n);\n${await loadWorkerCode()}`;
  return withinBudget(frameHost(code, { rounds, start }));
}
