/** The current round as the events of docs/spec.md §4 leave it: what the HUD reads, a few changes a round. */

import { atom } from 'jotai';
import type { GameState } from '../../shared/protocol';

export interface RoundState {
  gameId: string | null;
  /** null until the first event or GET /game/info arrives. */
  state: GameState | null;
  hash: string;
  /** The final multiplier truncated to 2 decimals once ENDED; 1 before (the live rate is in tickAtom). */
  rate: number;
  fullRate: number | null;
  salt: string | null;
  /** Server ms timestamp when betting closes (CREATED). */
  startsAt: number | null;
  /** Server ms timestamp of the start (STARTED, ENDED). */
  startedAt: number | null;
}

/** The round before anything is known: the stage shows the loader. */
export const INITIAL_ROUND: RoundState = {
  gameId: null,
  state: null,
  hash: '',
  rate: 1,
  fullRate: null,
  salt: null,
  startsAt: null,
  startedAt: null,
};

/** Written only by round/roundEvents.ts on state changes; GAME_RATE leaves it alone (docs/architecture.md "From the server to the pixels"). */
export const roundAtom = atom<RoundState>(INITIAL_ROUND);
