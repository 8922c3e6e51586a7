/**
 * The stage on the page's main thread: the fallback where a worker cannot draw WebGL, and what
 * tests that reach into Pixi ask for with ?stage=page. It reads the store on every frame.
 */

import { clockOffsetAtom } from '../state/clockAtom';
import { roundAtom } from '../state/roundAtom';
import { store } from '../state/store';
import { tickAtom } from '../state/tickAtom';
import type { PageView, StageDriver, StageEvents } from './pageView';
import { startStage, type RunningStage } from './startStage';
import { exposeForTests } from './testHooks';

export function startOnPage(canvas: HTMLCanvasElement, view: () => PageView, events: StageEvents): StageDriver {
  let running: RunningStage | null = null;
  let stopped = false;
  startStage({
    ...view(),
    canvas,
    feed: {
      round: () => store.get(roundAtom),
      tick: () => store.get(tickAtom),
      clockOffset: () => store.get(clockOffsetAtom) ?? 0,
    },
    onProgress: events.progress,
  }).then((stage) => {
    if (stopped) return stage.stop();
    running = stage;
    // What changed while the stage started.
    const now = view();
    stage.runner.resize(now.width, now.height, now.devicePixelRatio);
    stage.runner.setVisible(now.visible);
    stage.runner.setCalm(now.calm);
    stage.runner.setWords(now.words);
    exposeForTests(stage.app, stage.runner);
    events.ready();
  }, events.failed);
  return {
    resize: (width, height, devicePixelRatio) => running?.runner.resize(width, height, devicePixelRatio),
    setVisible: (visible) => running?.runner.setVisible(visible),
    setCalm: (calm) => running?.runner.setCalm(calm),
    setWords: (words) => running?.runner.setWords(words),
    stop() {
      stopped = true;
      running?.stop();
      running = null;
    },
  };
}
