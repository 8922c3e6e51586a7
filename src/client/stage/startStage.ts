/**
 * Starts the stage on a canvas, the same way in the stage's worker (an OffscreenCanvas the page
 * handed over) and on the page (the fallback): the Pixi application, the art, the scene runner.
 */

import { Application, type ICanvas } from 'pixi.js';
import 'pixi.js/app';
// Shader uniforms without `new Function`, so the stage runs under a CSP without 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { loadStageAssets } from './assets';
import './batchTextureLimit';
import { cappedResolution } from './QualityGovernor';
import { SceneRunner, type StageFeed } from './SceneRunner';
import type { StageWords } from './words';

interface StageStart {
  canvas: ICanvas;
  /** The stage's area in CSS pixels, and the screen's density. */
  width: number;
  height: number;
  devicePixelRatio: number;
  /** WebGPU first (the page's ?webgpu); else WebGL. */
  webgpu: boolean;
  words: StageWords;
  feed: StageFeed;
  /** The art's download, 0..1. */
  onProgress(progress: number): void;
}

export interface RunningStage {
  app: Application;
  runner: SceneRunner;
}

/** No renderer started on this canvas (a browser without WebGL in workers, or without WebGL at all). */
export class NoRenderer extends Error {}

/**
 * Initialises the renderer, loads the art, then builds the scene. The stage takes no pointer input
 * and uses no filters, so Pixi's default browser extensions (events, accessibility, DOM) are not
 * loaded: a smaller download and no per-frame hit testing. Rejects when no renderer starts.
 */
export async function startStage(start: StageStart): Promise<RunningStage> {
  const app = new Application();
  const init = app.init({
    canvas: start.canvas,
    width: start.width,
    height: start.height,
    resolution: cappedResolution(start.devicePixelRatio),
    preference: start.webgpu ? ['webgpu', 'webgl'] : ['webgl'],
    antialias: false,
    backgroundAlpha: 0,
    powerPreference: 'low-power',
    skipExtensionImports: true,
  });
  await init.catch((error: unknown) => {
    throw new NoRenderer(String(error));
  });
  try {
    const textures = await loadStageAssets(start.onProgress);
    return { app, runner: new SceneRunner(app, textures, start.words, start.feed, start.devicePixelRatio) };
  } catch (error) {
    app.destroy();
    throw error;
  }
}
