/** What tests and the benchmark read from the page (window.__moonrush): the app, the scene runner, React commits. */

import type { Application } from 'pixi.js';
import type { SceneRunner } from './SceneRunner';

export interface MoonrushHooks {
  app?: Application;
  runner?: SceneRunner;
  /** React commits since the page loaded (Profiler onRender in providers.tsx). */
  commits: number;
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

/** Publishes the running stage. */
export function exposeForTests(app: Application, runner: SceneRunner): void {
  Object.assign(testHooks(), { app, runner });
}
