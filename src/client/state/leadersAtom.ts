/** The top list: the biggest wins of the last day from GET /game/leaders. */

import { atom } from 'jotai';
import type { BetWithRound } from '../../shared/protocol';

/** null until loaded (the 'top' filter loads it). */
export const leadersAtom = atom<BetWithRound[] | null>(null);
