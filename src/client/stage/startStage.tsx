/**
 * Starts the stage on a canvas, the same way in the stage's worker (an OffscreenCanvas the page
 * handed over) and on the page (the fallback): a @pixi/react root over the Pixi application, the
 * art, and the scene runner, which React mounts once and never renders again. Every frame's work is
 * the ticker's (SceneRunner), outside React.
 */

import { createRoot, useApplication } from '@pixi/react';
import type { Application, ApplicationOptions, ICanvas } from 'pixi.js';
import 'pixi.js/app';
// Shader uniforms without `new Function`, so the stage runs under a CSP without 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { useEffect, type ReactNode } from 'react';
import { loadStageAssets } from './assets';
import './batchTextureLimit';
import { cappedResolution } from './QualityGovernor';
import { SceneRunner, type StageFeed } from './SceneRunner';
import type { StageTextures } from './textures';
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
  /** Unmounts the scene: React's cleanup destroys the runner, then the application. */
  stop(): void;
}

/** No renderer started on this canvas (a browser without WebGL in workers, or without WebGL at all). */
export class NoRenderer extends Error {}

/**
 * @pixi/react's root on `canvas`. Its createRoot tells a canvas from a DOM node with `instanceof
 * HTMLCanvasElement`, a name a worker does not have: there an OffscreenCanvas stands for it while
 * the root is made, and the name goes again (Pixi asks for it per frame to find the DOM's canvas).
 */
function pixiRoot(canvas: ICanvas) {
  const scope = globalThis as { HTMLCanvasElement?: unknown };
  if (scope.HTMLCanvasElement) return createRoot(canvas as unknown as HTMLCanvasElement);
  scope.HTMLCanvasElement = OffscreenCanvas;
  try {
    return createRoot(canvas as unknown as HTMLCanvasElement);
  } finally {
    delete scope.HTMLCanvasElement;
  }
}

interface SceneProps {
  start: StageStart;
  textures: StageTextures;
  onRunner(runner: SceneRunner): void;
}

/** The scene, built once on the root's application; unmounting destroys it and the application. */
function StageScene({ start, textures, onRunner }: SceneProps) {
  const { app } = useApplication();
  useEffect(() => {
    const runner = new SceneRunner(app, textures, start.words, start.feed, start.devicePixelRatio);
    onRunner(runner);
    return () => {
      runner.destroy();
      app.destroy();
    };
  }, [app, start, textures, onRunner]);
  return null;
}

/**
 * Initialises the renderer, loads the art, then mounts the scene. The stage takes no pointer input
 * and uses no filters, so Pixi's default browser extensions (events, accessibility, DOM) are not
 * loaded: a smaller download and no per-frame hit testing. Rejects when no renderer starts.
 */
export async function startStage(start: StageStart): Promise<RunningStage> {
  const root = pixiRoot(start.canvas);
  const options: Partial<ApplicationOptions> = {
    width: start.width,
    height: start.height,
    resolution: cappedResolution(start.devicePixelRatio),
    preference: start.webgpu ? ['webgpu', 'webgl'] : ['webgl'],
    antialias: false,
    backgroundAlpha: 0,
    powerPreference: 'low-power',
    skipExtensionImports: true,
  };
  // The first render initialises the application with the options; later ones pass none, so the
  // root copies nothing onto it again.
  const render = (children: ReactNode, init: Partial<ApplicationOptions> = {}) =>
    root.render(children, init) as Promise<Application>;
  const app = await render(null, options).catch((error: unknown) => {
    throw new NoRenderer(String(error));
  });
  try {
    const textures = await loadStageAssets(start.onProgress);
    const runner = await new Promise<SceneRunner>((resolve) => {
      void render(<StageScene start={start} textures={textures} onRunner={resolve} />);
    });
    return { app, runner, stop: () => void render(null) };
  } catch (error) {
    app.destroy();
    throw error;
  }
}
