/**
 * Tells screen readers how the round goes, at a calm rate: a polite live region that changes only
 * with the round's state (betting open, launched, crashed at its final multiplier), never per tick.
 */

import { useAtomValue } from 'jotai';
import { roundAtom, type RoundState } from '../state/roundAtom';
import { formatRate } from './format';

function announcement(round: RoundState): string {
  switch (round.state) {
    case 'CREATED':
      return 'Betting is open for the next round';
    case 'STARTED':
      return 'The rocket has launched';
    case 'ENDED':
      return `The round crashed at ${formatRate(round.rate)}`;
    default:
      return '';
  }
}

export function RoundAnnouncer() {
  const text = announcement(useAtomValue(roundAtom));
  return (
    <p className="hud-sr" aria-live="polite" data-testid="round-announcer">
      {text}
    </p>
  );
}
