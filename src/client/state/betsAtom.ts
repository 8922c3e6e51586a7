/** The current round's bets, newest first, as BET_* events and GET /game/bets leave them. */

import { atom } from 'jotai';
import type { PlayerBet } from '../net/betStatus';

/** Cleared at GAME_CREATED; written in batches by net/events.ts. */
export const betsAtom = atom<PlayerBet[]>([]);
