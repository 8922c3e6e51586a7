/** The ids of the player's own bets (spec §3), for the 'my' filter and the panels. */

import { atom } from 'jotai';

/** Added on create and refund, removed on cancel (spec §4); emptied at sign-out. */
export const ownBetIdsAtom = atom<ReadonlySet<string>>(new Set<string>());
