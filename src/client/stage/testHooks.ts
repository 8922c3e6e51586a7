/**
 * What tests and the benchmark read from the page (window.__moonrush): the stage, the app and the
 * scene runner, React commits and the store. Only test builds (`vite build --mode test`) publish it.
 */

import type { Application } from 'pixi.js';
import type { store as appStore } from '../state/store';
import type { FrameSamples } from './FrameMeter';
import type { SceneRunner } from './SceneRunner';

/** What tests read of a running stage, wherever it draws (tests/e2e/browser.ts). */
export interface StageProbe {
  renderer: string;
  phase: string;
  gameId: string | null;
  readout: string;
  /** The ticker runs (it stops in a hidden tab). */
  running: boolean;
  calm: boolean;
  /** The application is the stage of a @pixi/react root (startStage.tsx). */
  reactRoot: boolean;
}

/** The probe of a stage in this context. */
export function probeOf(app: Application, runner: SceneRunner): StageProbe {
  return {
    renderer: app.renderer.name,
    phase: runner.frame.phase,
    gameId: runner.frame.gameId,
    readout: runner.scene.readout.text,
    running: app.ticker.started,
    calm: runner.scene.calm,
    reactRoot: '__pixireact' in app.stage,
  };
}

/** The stage's frame samples since the last reading, and the quality level it runs at (the frame benchmark reads them). */
export interface MeterReading extends FrameSamples {
  level: number;
}

/** Drains the stage's frame meter in this context. */
export function meterReading(runner: SceneRunner): MeterReading {
  return { ...runner.meter.drain(), level: runner.quality.level };
}

interface MoonrushHooks {
  /** The stage's probe: read from Pixi on the page, or the one its worker last posted. */
  stage?: () => StageProbe;
  /** Drains the stage's frame meter, on the page or in its worker (where the frames are the worker's own). */
  meter?: () => Promise<MeterReading>;
  /** Pixi itself, only when the stage draws on the page (?stage=page). */
  app?: Application;
  runner?: SceneRunner;
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
  if (import.meta.env.MODE === 'test')
    Object.assign(testHooks(), {
      app,
      runner,
      stage: () => probeOf(app, runner),
      meter: () => Promise.resolve(meterReading(runner)),
    });
}
