/** The left column (docs/spec.md §2): filters all / my / top, the All Bets counter and the list. */

import { useAtomValue } from 'jotai';
import { betsFilterAtom } from '../../state/betsFilterAtom';
import { BetFilters } from './BetFilters';
import { BetsCounter } from './BetsCounter';
import { LeadersList } from './LeadersList';
import { RoundBetList } from './RoundBetList';
import './bets.css';
import { useT } from '../../i18n/i18n';

export function BetsColumn() {
  const filter = useAtomValue(betsFilterAtom);
  const t = useT();
  return (
    <aside className="app-bets hud-bets" aria-label={t('bets.column')}>
      <BetFilters />
      <BetsCounter />
      {filter === 'top' ? <LeadersList /> : <RoundBetList mine={filter === 'my'} />}
    </aside>
  );
}
