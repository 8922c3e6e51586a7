/** What every GAME_RATE changes: read only by the stage's frame loop and the CLAIM figure's, never by a component. */

import { atom } from 'jotai';
import { DEFAULT_TICK_MS } from '../../shared/constants';

export interface TickState {
  /** The round the tick belongs to. */
  gameId: string | null;
  /** The last confirmed multiplier truncated to 2 decimals. */
  rate: number;
  /** Milliseconds after the start confirmed by the last GAME_RATE (0 at GAME_STARTED). */
  confirmedMs: number;
  /** How far apart GAME_RATEs come (`everyMs` of GAME_STARTED and GAME_RATE; a tick when not told). */
  everyMs: number;
}

export const INITIAL_TICK: TickState = { gameId: null, rate: 1, confirmedMs: 0, everyMs: DEFAULT_TICK_MS };

/** Ten changes a second while flying: components must not subscribe to it. */
export const tickAtom = atom<TickState>(INITIAL_TICK);
