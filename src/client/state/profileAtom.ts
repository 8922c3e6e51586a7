/** The signed-in player's profile (balance, referral code, nickname) and whether it is being fetched. */

import { atom } from 'jotai';
import type { Profile } from '../../shared/protocol';

/** null when signed out or not loaded yet. */
export const profileAtom = atom<Profile | null>(null);

/** True while the first profile fetch of a session runs: the profile button shows 'Loading...'. */
export const profileLoadingAtom = atom(false);

/** True once several fetches in a row got no answer or a 5xx, until one succeeds: the button says the server is not answering. */
export const profileUnreachableAtom = atom(false);
