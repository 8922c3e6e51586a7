/** The ids of the player's own bets (docs/spec.md §3), for the 'my' filter and the panels. */

import { atom } from 'jotai';

/** Added on create and refund, removed on cancel (docs/spec.md §4); emptied at sign-out. */
export const ownBetIdsAtom = atom<ReadonlySet<string>>(new Set<string>());
