/** The React host of the stage: a Pixi <Application> filling the centre area (the HUD draws the loading bar over it). */

import { Application } from '@pixi/react';
import type { Application as PixiApplication } from 'pixi.js';
import 'pixi.js/app';
// Shader uniforms without `new Function`, so the page runs under a CSP without 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { useCallback, useEffect, useRef } from 'react';
import { loadStageAssets } from './assets';
import { cappedResolution } from './QualityGovernor';
import './batchTextureLimit';
import { SceneRunner } from './SceneRunner';
import { exposeForTests } from './testHooks';
import { endWebglWarmup } from './webglWarmup';

/**
 * The stage takes no pointer input and uses no filters, so Pixi's default browser extensions
 * (events, accessibility, DOM, filters) are not loaded: a smaller download and no per-frame hit testing.
 * The Application's resize and ticker plugins come from 'pixi.js/app' above.
 */
const LEAN = { skipExtensionImports: true } as const;

/**
 * WebGL first and canvas as the fallback; WebGPU only when asked for with ?webgpu. Pixi accepts an
 * ordered list (autoDetectRenderer) though @pixi/react's prop type names only one renderer.
 */
function rendererPreference(): 'webgl' {
  const order = new URLSearchParams(window.location.search).has('webgpu')
    ? ['webgpu', 'webgl', 'canvas']
    : ['webgl', 'canvas'];
  return order as unknown as 'webgl';
}

/**
 * The scene is imperative: it is built once the app is initialised (onInit, which also survives
 * StrictMode's remount in development) and the art has loaded; React never renders it again.
 */
export function StageHost() {
  const hostRef = useRef<HTMLDivElement>(null);
  const runnerRef = useRef<SceneRunner | null>(null);
  const startScene = useCallback((app: PixiApplication) => {
    endWebglWarmup();
    loadStageAssets().then(
      (textures) => {
        if (!app.renderer) return;
        runnerRef.current?.destroy();
        runnerRef.current = new SceneRunner(app, app.stage, textures);
        exposeForTests(app, runnerRef.current);
      },
      (error: unknown) => console.error(error),
    );
  }, []);
  useEffect(
    () => () => {
      runnerRef.current?.destroy();
      runnerRef.current = null;
    },
    [],
  );
  return (
    <div className="stage" ref={hostRef}>
      <Application
        resizeTo={hostRef}
        preference={rendererPreference()}
        resolution={cappedResolution(window.devicePixelRatio)}
        autoDensity
        antialias={false}
        backgroundAlpha={0}
        powerPreference="low-power"
        onInit={startScene}
        {...LEAN}
      />
    </div>
  );
}
