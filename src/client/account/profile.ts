/**
 * The player's profile and balance (docs/spec.md §4): fetched after sign-in, after each bet, cash-out
 * or settlement. A failed fetch signs out, except when no answer came at all or the server failed
 * (docs/spec.md, "Decisions on the spec's open points"): then it is tried again, waiting longer after
 * each failure, and after a few the profile button says the server is not answering.
 */

import { profileAtom, profileLoadingAtom, profileUnreachableAtom } from '../state/profileAtom';
import { accessTokenAtom, clearSessionAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { ApiError, api } from '../net/api';

/** How long to wait before fetching the profile again after the first failure; each further one doubles it. */
const PROFILE_RETRY_MS = 1000;
/** The longest wait between two tries. */
const PROFILE_RETRY_MAX_MS = 30_000;
/** After this many failures in a row the profile button says the server is not answering. */
const PROFILE_FAILURES_SHOWN = 3;

let latest = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
/** Profile fetches in a row that got no answer or a 5xx. */
let failures = 0;

/** The wait before the next try after `failures` failures in a row: 1 s, 2 s, 4 s ... at most 30 s. */
const profileRetryDelay = (failures: number): number =>
  Math.min(PROFILE_RETRY_MAX_MS, PROFILE_RETRY_MS * 2 ** (failures - 1));

/** A new session (sign-in) starts counting failures afresh; a sign-out stops the retries. */
export function resetProfileRetries(): void {
  clearTimeout(retry);
  failures = 0;
}

/** Fetches the profile (balance); only the newest answer is kept, so a slow one never shows an old balance. */
export async function refreshProfile(): Promise<void> {
  const token = store.get(accessTokenAtom);
  if (!token) return;
  const request = ++latest;
  clearTimeout(retry);
  if (!store.get(profileAtom)) store.set(profileLoadingAtom, true);
  try {
    const profile = await api.get('/user/profile');
    if (request !== latest || !store.get(accessTokenAtom)) return;
    failures = 0;
    store.set(profileAtom, profile);
    store.set(profileUnreachableAtom, false);
  } catch (error) {
    if (request !== latest || !store.get(accessTokenAtom)) return;
    // The server away (no answer) or failing (5xx: a restarting server answers 503 while it closes)
    // is not a refusal of the session: try again, later each time. A refused fetch (4xx) signs out.
    if (error instanceof ApiError && (error.status === null || error.status >= 500)) {
      failures += 1;
      if (failures >= PROFILE_FAILURES_SHOWN) store.set(profileUnreachableAtom, true);
      retry = setTimeout(() => void refreshProfile(), profileRetryDelay(failures));
    } else store.set(clearSessionAtom);
  } finally {
    if (request === latest) store.set(profileLoadingAtom, false);
  }
}
