/**
 * Settlement roots as the page saw them live in GAME_ENDED and GAME_VOIDED, and whether each of the
 * player's bets proved to be in its round's root (docs/provably-fair.md "In the page").
 */

import { atom } from 'jotai';

/** The roots of the last rounds seen live, by round id. */
export const liveRootsAtom = atom<ReadonlyMap<string, string>>(new Map());

/** Own bets checked against the root seen live: true when the proof holds, false when it does not. */
export const ownProofsAtom = atom<ReadonlyMap<string, boolean>>(new Map());
