/**
 * Tells screen readers how the round goes, at a calm rate: a polite live region that changes only
 * with the round's state (betting open, launched, crashed at its final multiplier), never per tick.
 */

import { useAtomValue } from 'jotai';
import { roundAtom, type RoundState } from '../state/roundAtom';
import { formatRate } from '../i18n/format';
import { t, useT } from '../i18n/i18n';

function announcement(round: RoundState): string {
  switch (round.state) {
    case 'CREATED':
      return t('stage.announceOpen');
    case 'STARTED':
      return t('stage.announceLaunched');
    case 'ENDED':
      return t('stage.announceCrashed', { rate: formatRate(round.rate) });
    default:
      return '';
  }
}

export function RoundAnnouncer() {
  useT();
  const text = announcement(useAtomValue(roundAtom));
  return (
    <p className="hud-sr" aria-live="polite" data-testid="round-announcer">
      {text}
    </p>
  );
}
