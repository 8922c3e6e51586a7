/** All Bets: the number of bets in the current round, counting to each new value over 0.5 s (docs/spec.md §2). */

import { useAtomValue } from 'jotai';
import { BETS_COUNTER_ANIMATION_MS } from '../../../shared/constants';
import { betsAtom } from '../../state/betsAtom';
import { useTween } from '../useTween';
import { useT } from '../../i18n/i18n';

export function BetsCounter() {
  const t = useT();
  const count = useAtomValue(betsAtom).length;
  const shown = Math.round(useTween(count, BETS_COUNTER_ANIMATION_MS));
  return (
    <div className="bets-counter">
      <span>{t('bets.allBets')}</span>
      <span className="bets-counter-value" data-testid="bets-count">
        {shown}
      </span>
    </div>
  );
}
