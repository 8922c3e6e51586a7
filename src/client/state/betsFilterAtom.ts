/** The bet list's filter: all, my or top, remembered under localStorage `betsFilter` (docs/spec.md §2). */

import { BET_FILTERS, STORAGE_KEYS, type BetFilter } from '../../shared/constants';
import { storedAtom } from './storage';

const isFilter = (value: string): value is BetFilter => (BET_FILTERS as readonly string[]).includes(value);

/** Default all. */
export const betsFilterAtom = storedAtom<BetFilter>(STORAGE_KEYS.betsFilter, 'all', isFilter);
