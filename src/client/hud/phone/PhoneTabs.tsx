/**
 * On a phone (below 600 px), what sits under the stage: bet panel 1, bet panel 2 or the live bets,
 * one at a time, picked by these tabs (docs/hud.md "The phone"), so each is reachable without
 * scrolling the multiplier away. The tabs only say which is picked (`aria-selected`); the page's
 * stylesheet hides the others. A chunk of its own: the first load carries none of it.
 */

import { useAtomValue } from 'jotai';
import { useState, type KeyboardEvent } from 'react';
import { panelAtoms } from '../../state/panelsAtom';
import { useT } from '../../i18n/i18n';
import './phone.css';

const TABS = ['panel-0', 'panel-1', 'bets'] as const;
type Tab = (typeof TABS)[number];

export default function PhoneTabs() {
  const t = useT();
  const [picked, pick] = useState<Tab>('panel-0');
  // Arrow keys move along the tabs (the WAI-ARIA tabs pattern), the picked one holding the focus.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(picked) + step + TABS.length) % TABS.length]!;
    pick(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };
  return (
    <div className="phone-tabs" role="tablist" aria-label={t('panel.showing')} onKeyDown={onKeyDown}>
      {TABS.map((tab, index) => (
        <button
          key={tab}
          type="button"
          role="tab"
          className="phone-tab"
          data-tab={tab}
          aria-selected={tab === picked}
          tabIndex={tab === picked ? 0 : -1}
          onClick={() => pick(tab)}
        >
          {tab === 'bets' ? t('panel.liveBets') : <PanelTabLabel index={index} />}
        </button>
      ))}
    </div>
  );
}

/** 'Bet 1', marked while that panel holds a bet, so a bet in the panel out of sight is not forgotten. */
function PanelTabLabel({ index }: { index: number }) {
  const t = useT();
  const betState = useAtomValue(panelAtoms[index]!).betState;
  return (
    <>
      {t('panel.tab', { number: index + 1 })}
      {betState !== 'idle' && (
        <span className="phone-tab-mark">
          <span className="hud-sr">{t('panel.tabHoldsBet')}</span>
        </span>
      )}
    </>
  );
}
