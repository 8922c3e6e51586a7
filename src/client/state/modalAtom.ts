/** Which modal is open, and the round the Provably Fair dialog shows. */

import { atom } from 'jotai';

export type ModalName = 'profile' | 'bets' | 'referral' | 'rules' | 'fairness' | 'lab';

/** The open modal, or null. */
export const openModalAtom = atom<ModalName | null>(null);

/** A finished (or running) round's fairness data; rate and salt are null until it has ENDED. */
export interface FairnessRound {
  gameId?: string;
  hash: string;
  /** The full crash point (the number that was hashed), or the shown rate when that is all we have. */
  rate: number | null;
  salt: string | null;
  /** The player's bet the dialog was opened from (its receipt and its proof are shown). */
  betId?: string;
}

/** What the Provably Fair dialog shows: a given round, or null for the current one (the orange button). */
export const fairnessRoundAtom = atom<FairnessRound | null>(null);

/** Opens the Provably Fair dialog for a round, or for the current one without data. */
export const openFairnessAtom = atom(null, (_get, set, round: FairnessRound | null) => {
  set(fairnessRoundAtom, round);
  set(openModalAtom, 'fairness');
});
