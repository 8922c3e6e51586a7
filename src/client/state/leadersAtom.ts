/** The top list: the biggest wins of the chosen period (the last day by default) from GET /game/leaders. */

import { atom } from 'jotai';
import type { LeaderPeriod } from '../../shared/constants';
import type { BetWithRound } from '../../shared/protocol';
import type { PlayerBet } from './betStatus';

/** null until loaded (the 'top' filter loads it). */
export const leadersAtom = atom<PlayerBet<BetWithRound>[] | null>(null);

/** The period the top list shows (docs/hud.md "Player tools"). */
export const leadersPeriodAtom = atom<LeaderPeriod>('day');
