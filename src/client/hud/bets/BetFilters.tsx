/** The three filters of the bet list, remembered under localStorage betsFilter (docs/spec.md §2). */

import { useAtom } from 'jotai';
import { BET_FILTERS } from '../../../shared/constants';
import { betsFilterAtom } from '../../state/betsFilterAtom';

const LABELS = { all: 'All', my: 'My', top: 'Top' } as const;

export function BetFilters() {
  const [filter, setFilter] = useAtom(betsFilterAtom);
  return (
    <div className="bets-filters" role="tablist" aria-label="Bet list">
      {BET_FILTERS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={filter === name}
          className={`bets-filter ${filter === name ? 'bets-filter-active' : ''}`}
          onClick={() => setFilter(name)}
        >
          {LABELS[name]}
        </button>
      ))}
    </div>
  );
}
