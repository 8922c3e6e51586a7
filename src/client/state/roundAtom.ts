/** The current round as the events of spec §4 leave it: what the stage draws every frame. */

import { atom } from 'jotai';
import type { GameState } from '../../shared/protocol';

export interface RoundState {
  gameId: string | null;
  /** null until the first event or GET /game/info arrives. */
  state: GameState | null;
  hash: string;
  /** The shown multiplier: the last confirmed rate truncated to 2 decimals, the final rate once ENDED. */
  rate: number;
  fullRate: number | null;
  salt: string | null;
  /** Server ms timestamp when betting closes (CREATED). */
  startsAt: number | null;
  /** Server ms timestamp of the start (STARTED, ENDED). */
  startedAt: number | null;
  /** Milliseconds after the start confirmed by the last GAME_RATE (or 0 at GAME_STARTED). */
  confirmedMs: number;
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
  confirmedMs: 0,
};

/** Written only by net/events.ts, a few times a second at most. */
export const roundAtom = atom<RoundState>(INITIAL_ROUND);
