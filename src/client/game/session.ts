/**
 * Sign-in and sign-out (docs/spec.md §4): after a token arrives the profile is fetched
 * (account/profile.ts), then the payment environment and the player's bets of the round.
 */

import { paymentEnvironmentAtom } from '../state/paymentEnvironmentAtom';
import { profileAtom } from '../state/profileAtom';
import { refreshProfile, resetProfileRetries } from '../account/profile';
import { accessTokenAtom, clearSessionAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { api } from '../net/api';
import { restoreOwnBets } from './ownBets';
import { referralFields } from '../account/referral';

/** Stores the token, fetches the profile, then loads the payment environment and the player's bets of the round. */
export async function signIn(token: string): Promise<void> {
  store.set(accessTokenAtom, token);
  resetProfileRetries();
  await refreshProfile();
  if (store.get(profileAtom)) await Promise.all([loadPaymentEnvironment(), restoreOwnBets()]);
}

/** Resumes the stored session at page start (no request when signed out, docs/spec.md §6). */
export function resumeSession(): Promise<void> {
  const token = store.get(accessTokenAtom);
  return token ? signIn(token) : Promise.resolve();
}

/** Email and password sign-in, or registration, then signIn. Throws an ApiError the form shows. */
export async function signInWithPassword(email: string, password: string, register: boolean): Promise<void> {
  const { token } = register
    ? await api.post('/auth/register', { email, password, ...referralFields() })
    : await api.post('/auth/authenticate', { login: email, password });
  await signIn(token);
}

/** Revokes the refresh cookie (POST /auth/logout) and forgets the session on this page. */
export async function signOut(): Promise<void> {
  resetProfileRetries();
  await api.post('/auth/logout').catch(() => undefined);
  store.set(clearSessionAtom);
}

/** GET /payment/environment; the defaults stay when it fails. */
async function loadPaymentEnvironment(): Promise<void> {
  try {
    const { rate, ...environment } = await api.get('/payment/environment');
    store.set(paymentEnvironmentAtom, { ...environment, coinsPerSol: rate });
  } catch {
    // The spec's defaults stand until the next sign-in.
  }
}
