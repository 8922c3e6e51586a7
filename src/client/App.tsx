/** The page: the HUD with the stage in its centre. */

import { lazy, Suspense, useEffect } from 'react';
import { Hud } from './hud/Hud';

let hudCommitted!: () => void;
const afterHudCommit = new Promise<void>((resolve) => (hudCommitted = resolve));

/**
 * Pixi and the scene load as their own chunk, asked for once the HUD has committed: their
 * evaluation (Pixi, 230 KiB gzip) then neither lands in the HUD's time-sliced first render nor
 * delays the commit that shows the round's data. The HUD's loading bar covers the stage meanwhile.
 */
const StageHost = lazy(() =>
  afterHudCommit.then(() => import('./stage/StageHost')).then((module) => ({ default: module.StageHost })),
);

export function App() {
  useEffect(() => hudCommitted(), []);
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
