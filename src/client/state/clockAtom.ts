/** How far the server's clock is ahead of ours, so the stage can place the round on our clock. */

import { atom } from 'jotai';

/** serverTime - Date.now() smoothed over events that carry a serverTime, in ms; null before the first. */
export const clockOffsetAtom = atom<number | null>(null);
