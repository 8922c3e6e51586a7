/**
 * The first WebGL context of a page costs the main thread tens of milliseconds on a phone (0.1 to
 * 0.6 s in headless Chromium on SwiftShader) while the GPU side starts; later contexts cost a few.
 * The page starts that in a worker while the HUD renders (boot.tsx), so Pixi's contexts are the
 * cheap ones, and ends the worker once the stage's renderer is up (StageHost.tsx).
 */

import WarmupWorker from './webglWarmupWorker.ts?worker';

let worker: Worker | null = null;

/** Starts the warm-up where workers can draw WebGL (OffscreenCanvas); elsewhere the stage simply pays it. */
export function startWebglWarmup(): void {
  if (worker || typeof OffscreenCanvas === 'undefined') return;
  worker = new WarmupWorker();
  worker.onerror = endWebglWarmup;
}

/** The stage's renderer has its context: the worker's is no longer needed. */
export function endWebglWarmup(): void {
  worker?.terminate();
  worker = null;
}
