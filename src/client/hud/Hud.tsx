/** Places the HUD around the stage: header on top, bets on the left, history and panels with the stage, and the modals. */

import type { ReactNode } from 'react';
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
      <BetPanels />
      <ChatDock />
      <Modals />
      <RealityCheck />
    </div>
  );
}
