/** The page: header, left column, the stage in the centre and the bet panels below it. */

import { lazy, Suspense } from 'react';
import { LoadingBar } from './stage/LoadingBar';

/** Pixi and the scene load as their own chunk, so the page (and later the HUD) paints before them. */
const StageHost = lazy(() => import('./stage/StageHost').then((module) => ({ default: module.StageHost })));

/** HUD places (header, bets list, history strip, bet panels) are sized and empty until the HUD lands. */
export function App() {
  return (
    <div className="app">
      <header className="app-header" aria-label="header" />
      <aside className="app-bets" aria-label="bets" />
      <main className="app-centre">
        <Suspense
          fallback={
            <div className="stage">
              <LoadingBar />
            </div>
          }
        >
          <StageHost />
        </Suspense>
        <nav className="app-history" aria-label="last rounds" />
      </main>
      <section className="app-panels" aria-label="bet panels">
        <div className="app-panel" />
        <div className="app-panel" />
      </section>
    </div>
  );
}
