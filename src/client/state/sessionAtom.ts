/** The session (docs/spec.md §4): signed in while an access token is held, mirrored to localStorage `access_token`. */

import { atom } from 'jotai';
import { DEFAULT_PAYMENT_ENVIRONMENT, STORAGE_KEYS } from '../../shared/constants';
import { ownBetIdsAtom } from './ownBetIdsAtom';
import { paymentEnvironmentAtom } from './paymentEnvironmentAtom';
import { profileAtom, profileLoadingAtom, profileUnreachableAtom } from './profileAtom';
import { storedAtom } from './storage';

/** The access token, or null when signed out. Set through game/session.ts, which also loads the profile (account/profile.ts). */
export const accessTokenAtom = storedAtom<string | null>(STORAGE_KEYS.accessToken, null);

/** Signs out on this page: the token, the profile and the player's own bet ids go. */
export const clearSessionAtom = atom(null, (_get, set) => {
  set(accessTokenAtom, null);
  set(profileAtom, null);
  set(profileLoadingAtom, false);
  set(profileUnreachableAtom, false);
  set(ownBetIdsAtom, new Set<string>());
  set(paymentEnvironmentAtom, { ...DEFAULT_PAYMENT_ENVIRONMENT });
});
