/**
 * The React host of the stage: a canvas filling the centre area (the HUD draws the loading bar
 * over it), drawn by the stage's worker where the browser lets a worker draw WebGL, else on the
 * page. It tells the stage of the page's size, visibility, motion preference and language.
 */

import { useEffect, useRef } from 'react';
import { t } from '../i18n/i18n';
import { loadingAtom } from '../state/loadingAtom';
import { store } from '../state/store';
import type { PageView, StageDriver, StageEvents } from './pageView';
import { endWebglWarmup } from './webglWarmup';
import { onStageWords, stageWords } from './words';
import { startInWorker, workersCanDraw } from './workerStage';

/** ?stage=page keeps the stage on the main thread (tests that reach into Pixi ask for it). */
function onPageAsked(): boolean {
  return new URLSearchParams(window.location.search).get('stage') === 'page';
}

/** Starts the stage in `host` and keeps it told of the page; returns the stop. */
function mountStage(host: HTMLElement): () => void {
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const view = (): PageView => ({
    width: host.clientWidth,
    height: host.clientHeight,
    devicePixelRatio: window.devicePixelRatio,
    visible: !document.hidden,
    calm: motion.matches,
    words: stageWords(),
    webgpu: new URLSearchParams(window.location.search).has('webgpu'),
  });
  const events: StageEvents = {
    progress: (progress) => store.set(loadingAtom, { progress, done: false, error: null }),
    ready: () => {
      endWebglWarmup();
      store.set(loadingAtom, { progress: 1, done: true, error: null });
    },
    failed: (error) => {
      console.error(error);
      store.set(loadingAtom, { progress: 0, done: false, error: t('stage.loadFailed') });
    },
  };
  let driver: StageDriver | null = null;
  let stopped = false;
  const freshCanvas = () => {
    const canvas = document.createElement('canvas');
    host.replaceChildren(canvas);
    return canvas;
  };
  const onPage = () =>
    void import('./pageStage').then(({ startOnPage }) => {
      if (!stopped) driver = startOnPage(freshCanvas(), view, events);
    }, events.failed);
  if (workersCanDraw() && !onPageAsked()) driver = startInWorker(freshCanvas(), view(), events, onPage);
  else onPage();

  const resize = new ResizeObserver(() => driver?.resize(host.clientWidth, host.clientHeight, window.devicePixelRatio));
  resize.observe(host);
  const onVisibility = () => driver?.setVisible(!document.hidden);
  document.addEventListener('visibilitychange', onVisibility);
  const onMotion = () => driver?.setCalm(motion.matches);
  motion.addEventListener('change', onMotion);
  const stopWords = onStageWords((words) => driver?.setWords(words));
  return () => {
    stopped = true;
    resize.disconnect();
    document.removeEventListener('visibilitychange', onVisibility);
    motion.removeEventListener('change', onMotion);
    stopWords();
    driver?.stop();
    driver = null;
  };
}

export function StageHost() {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => mountStage(hostRef.current!), []);
  return <div className="stage" ref={hostRef} />;
}
