/**
 * What tests and the benchmark read from the page (window.__moonrush): the app, the scene runner,
 * React commits and the store. Only test builds (`vite build --mode test`) publish it.
 */

import type { Application } from 'pixi.js';
import type { store as appStore } from '../state/store';
import type { SceneRunner } from './SceneRunner';
import type { StageProbe } from './stageMessages';

interface MoonrushHooks {
  app?: Application;
  runner?: SceneRunner;
  /** The stage in its worker, as it last reported (the app and runner are the page's only with ?stage=page). */
  stage?: StageProbe;
  /** React commits since the page loaded (Profiler onRender in providers.tsx). */
  commits: number;
  /** The jotai store, to read atoms. */
  store?: typeof appStore;
}

declare global {
  interface Window {
    __moonrush?: MoonrushHooks;
  }
}

/** The hooks object, created on first use. */
export function testHooks(): MoonrushHooks {
  window.__moonrush ??= { commits: 0 };
  return window.__moonrush;
}

/** Publishes the running stage in test builds. */
export function exposeForTests(app: Application, runner: SceneRunner): void {
  if (import.meta.env.MODE === 'test') Object.assign(testHooks(), { app, runner });
}
