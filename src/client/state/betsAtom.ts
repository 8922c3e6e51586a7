/** The current round's bets, newest first, as BET_* events and GET /game/bets leave them. */

import { atom } from 'jotai';
import type { PlayerBet } from './betStatus';

/** Cleared at GAME_CREATED; written in batches by round/betList.ts. */
export const betsAtom = atom<PlayerBet[]>([]);
