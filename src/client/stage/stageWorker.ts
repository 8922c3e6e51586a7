/**
 * The stage's worker: Pixi draws on the OffscreenCanvas the page handed over, so the renderer's
 * start, shader compiles, the art's decoding and every frame's work stay off the page's main
 * thread, which a phone needs for input and the HUD. The page posts the round, the ticks, its
 * size, visibility, motion preference and words (workerStage.ts); the worker posts the art's
 * progress, and in test builds what tests read of the stage.
 */

import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';
import type { RoundState } from '../state/roundAtom';
import type { TickState } from '../state/tickAtom';
import type { FromStage, ToStage } from './stageMessages';
import { NoRenderer, startStage, type RunningStage } from './startStage';
import { meterReading, probeOf } from './testHooks';

DOMAdapter.set(WebWorkerAdapter);

const scope = self as unknown as Worker;
const post = (message: FromStage) => scope.postMessage(message);

let round: RoundState;
let tick: TickState;
let clockOffset = 0;
let stage: RunningStage | null = null;
/** What arrived before the stage was up; applied once it is. */
const pending: Extract<ToStage, { type: 'resize' | 'visible' | 'calm' | 'words' }>[] = [];
/** Test builds post what tests read of the stage (StageProbe) after each frame or change that changed it. */
const PROBED = import.meta.env.MODE === 'test';
let lastProbe = '';

scope.onmessage = (event: MessageEvent<ToStage>) => {
  const message = event.data;
  switch (message.type) {
    case 'start':
      round = message.round;
      tick = message.tick;
      clockOffset = message.clockOffset;
      void start(message);
      return;
    case 'round':
      round = message.round;
      return;
    case 'tick':
      tick = message.tick;
      return;
    case 'clockOffset':
      clockOffset = message.clockOffset;
      return;
    case 'meter':
      if (PROBED)
        post({ type: 'meter', reading: stage ? meterReading(stage.runner) : { work: [], gaps: [], level: 0 } });
      return;
    default:
      if (stage) apply(stage, message);
      else pending.push(message);
  }
};

async function start(message: Extract<ToStage, { type: 'start' }>): Promise<void> {
  // Pixi's ticker needs animation frames, which some browsers' workers lack: the page draws then.
  if (typeof requestAnimationFrame !== 'function') {
    post({ type: 'failed', started: false, message: 'no requestAnimationFrame in workers' });
    return;
  }
  try {
    stage = await startStage({
      ...message,
      feed: { round: () => round, tick: () => tick, clockOffset: () => clockOffset },
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
  } catch (error) {
    post({ type: 'failed', started: !(error instanceof NoRenderer), message: String(error) });
    return;
  }
  stage.runner.setCalm(message.calm);
  stage.runner.setVisible(message.visible);
  for (const change of pending.splice(0)) apply(stage, change);
  post({ type: 'ready' });
  if (PROBED) stage.app.ticker.add(() => postProbe(stage!));
}

function apply(running: RunningStage, message: (typeof pending)[number]): void {
  const { runner } = running;
  if (message.type === 'resize') runner.resize(message.width, message.height, message.devicePixelRatio);
  else if (message.type === 'visible') runner.setVisible(message.visible);
  else if (message.type === 'calm') runner.setCalm(message.calm);
  else runner.setWords(message.words);
  if (PROBED) postProbe(running);
}

function postProbe({ app, runner }: RunningStage): void {
  const probe = probeOf(app, runner);
  const key = JSON.stringify(probe);
  if (key === lastProbe) return;
  lastProbe = key;
  post({ type: 'probe', probe });
}
