/** The three filters of the bet list, remembered under localStorage betsFilter (docs/spec.md §2). */

import { useAtom } from 'jotai';
import { BET_FILTERS } from '../../../shared/constants';
import { betsFilterAtom } from '../../state/betsFilterAtom';
import { useT } from '../../i18n/i18n';

const LABELS = { all: 'bets.filterAll', my: 'bets.filterMy', top: 'bets.filterTop' } as const;

export function BetFilters() {
  const [filter, setFilter] = useAtom(betsFilterAtom);
  const t = useT();
  return (
    <div className="bets-filters" role="tablist" aria-label={t('bets.list')}>
      {BET_FILTERS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={filter === name}
          className={`bets-filter ${filter === name ? 'bets-filter-active' : ''}`}
          onClick={() => setFilter(name)}
        >
          {t(LABELS[name])}
        </button>
      ))}
    </div>
  );
}
