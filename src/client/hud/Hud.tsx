/** Places the HUD around the stage: header on top, bets on the left, history and panels with the stage, and the modals. */

import { lazy, Suspense, type ReactNode } from 'react';
import { BetsColumn } from './bets/BetsColumn';
import { Header } from './header/Header';
import { HistoryStrip } from './history/HistoryStrip';
import { LoadingBar } from './LoadingBar';
import { MaintenanceBanner } from './MaintenanceBanner';
import { Modals } from './modals/Modals';
import { RoundAnnouncer } from './RoundAnnouncer';
import { BetPanels } from './panel/BetPanels';
import { RealityCheck } from './limits/RealityCheck';
import { ChatDock } from '../chat/ChatDock';

/** The phone's tabs under the stage: loaded on demand, into a box the shell already holds (no shift). */
const PhoneTabs = lazy(() => import('./phone/PhoneTabs'));

export function Hud({ stage }: { stage: ReactNode }) {
  return (
    <div className="app">
      <Header />
      <BetsColumn />
      <main className="app-centre">
        <MaintenanceBanner />
        <HistoryStrip />
        <div className="stage-slot">
          {stage}
          <LoadingBar />
          <RoundAnnouncer />
        </div>
      </main>
      <div className="app-tabs">
        <Suspense fallback={null}>
          <PhoneTabs />
        </Suspense>
      </div>
      <BetPanels />
      <ChatDock />
      <Modals />
      <RealityCheck />
    </div>
  );
}
