/** The React host of the stage: a Pixi <Application> filling the centre area, and the loading bar over it. */

import { Application, extend, useApplication } from '@pixi/react';
import { Container } from 'pixi.js';
import 'pixi.js/app';
import { useEffect, useRef } from 'react';
import { store } from '../state/store';
import { loadStageAssets } from './assets';
import { LoadingBar } from './LoadingBar';
import { cappedResolution } from './QualityGovernor';
import { SceneRunner } from './SceneRunner';
import { exposeForTests } from './testHooks';

extend({ Container });

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
  const order = new URLSearchParams(window.location.search).has('webgpu') ? ['webgpu', 'webgl', 'canvas'] : ['webgl', 'canvas'];
  return order as unknown as 'webgl';
}

export function StageHost() {
  const hostRef = useRef<HTMLDivElement>(null);
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
        {...LEAN}
      >
        <SceneMount />
      </Application>
      <LoadingBar />
    </div>
  );
}

/** Builds the imperative scene once the app and the art are ready; React never touches it again. */
function SceneMount() {
  const { app } = useApplication();
  const mountRef = useRef<Container>(null);
  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    let runner: SceneRunner | undefined;
    let cancelled = false;
    loadStageAssets(store).then(
      (textures) => {
        if (cancelled) return;
        runner = new SceneRunner(app, mount, store, textures);
        exposeForTests(app, runner);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      cancelled = true;
      runner?.destroy();
    };
  }, [app]);
  return <pixiContainer ref={mountRef} />;
}
