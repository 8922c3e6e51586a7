/** The page: the HUD with the stage in its centre. */

import { lazy, Suspense } from 'react';
import { Hud } from './hud/Hud';

/** Pixi and the scene load as their own chunk, so the HUD paints before them. */
const StageHost = lazy(() => import('./stage/StageHost').then((module) => ({ default: module.StageHost })));

export function App() {
  return (
    <Hud
      stage={
        <Suspense fallback={null}>
          <StageHost />
        </Suspense>
      }
    />
  );
}
