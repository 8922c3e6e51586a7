/**
 * The stage in its worker (stageWorker.ts): the page hands over the canvas and forwards the round,
 * the ticks and its own changes; the worker reports the art's progress. `unsupported` is called
 * when no renderer starts in the worker, so the page can draw on a fresh canvas itself.
 */

import { clockOffsetAtom } from '../state/clockAtom';
import { roundAtom } from '../state/roundAtom';
import { store } from '../state/store';
import { tickAtom } from '../state/tickAtom';
import type { PageView, StageDriver, StageEvents } from './pageView';
import type { FromStage, ToStage } from './stageMessages';
import StageWorker from './stageWorker.ts?worker';
import { testHooks, type MeterReading } from './testHooks';

/** Whether this browser can hand a canvas to a worker. */
export function workersCanDraw(): boolean {
  return typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function';
}

export function startInWorker(
  canvas: HTMLCanvasElement,
  view: PageView,
  events: StageEvents,
  unsupported: () => void,
): StageDriver {
  const worker = new StageWorker();
  const send = (message: ToStage, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const unsubscribe = [
    store.sub(roundAtom, () => send({ type: 'round', round: store.get(roundAtom) })),
    store.sub(tickAtom, () => send({ type: 'tick', tick: store.get(tickAtom) })),
    store.sub(clockOffsetAtom, () => send({ type: 'clockOffset', clockOffset: store.get(clockOffsetAtom) ?? 0 })),
  ];
  const stop = () => {
    for (const off of unsubscribe.splice(0)) off();
    worker.terminate();
  };
  /** Test builds: readings of the worker's frame meter asked for and not yet answered. */
  const readings: ((reading: MeterReading) => void)[] = [];
  worker.onmessage = (event: MessageEvent<FromStage>) => {
    const message = event.data;
    if (message.type === 'progress') events.progress(message.progress);
    else if (message.type === 'ready') events.ready();
    else if (message.type === 'probe') testHooks().stage = () => message.probe;
    else if (message.type === 'meter') readings.shift()?.(message.reading);
    else {
      stop();
      if (message.started) events.failed(new Error(message.message));
      else unsupported();
    }
  };
  worker.onerror = (event) => {
    stop();
    events.failed(new Error(event.message));
  };
  if (import.meta.env.MODE === 'test')
    testHooks().meter = () =>
      new Promise((resolve) => {
        readings.push(resolve);
        send({ type: 'meter' });
      });
  const offscreen = canvas.transferControlToOffscreen();
  const { webgpu, width, height, devicePixelRatio, words, calm, visible } = view;
  send(
    {
      type: 'start',
      canvas: offscreen,
      width,
      height,
      devicePixelRatio,
      webgpu,
      words,
      calm,
      visible,
      round: store.get(roundAtom),
      tick: store.get(tickAtom),
      clockOffset: store.get(clockOffsetAtom) ?? 0,
    },
    [offscreen],
  );
  return {
    resize: (w, h, dpr) => send({ type: 'resize', width: w, height: h, devicePixelRatio: dpr }),
    setVisible: (v) => send({ type: 'visible', visible: v }),
    setCalm: (c) => send({ type: 'calm', calm: c }),
    setWords: (words) => send({ type: 'words', words }),
    stop,
  };
}
