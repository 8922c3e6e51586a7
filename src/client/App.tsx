/** The page: header, left column, the stage in the centre and the bet panels below it. */

import { StageHost } from './stage/StageHost';

/** HUD places (header, bets list, history strip, bet panels) are sized and empty until the HUD lands. */
export function App() {
  return (
    <div className="app">
      <header className="app-header" aria-label="header" />
      <aside className="app-bets" aria-label="bets" />
      <main className="app-centre">
        <StageHost />
        <nav className="app-history" aria-label="last rounds" />
      </main>
      <section className="app-panels" aria-label="bet panels">
        <div className="app-panel" />
        <div className="app-panel" />
      </section>
    </div>
  );
}
