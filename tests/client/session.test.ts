// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { referralFields, storeReferralFromQuery } from '../../src/client/account/referral';
import { refreshProfile } from '../../src/client/account/profile';
import { signIn, signInWithPassword, signOut } from '../../src/client/game/session';
import { profileLabel } from '../../src/client/hud/header/ProfileButton';
import { paymentEnvironmentAtom } from '../../src/client/state/paymentEnvironmentAtom';
import { profileAtom, profileLoadingAtom, profileUnreachableAtom } from '../../src/client/state/profileAtom';
import { accessTokenAtom } from '../../src/client/state/sessionAtom';
import { store } from '../../src/client/state/store';

const PROFILE = { balanceAmount: 20000, email: 'ref-1', nickname: 'Nova', wallet: null };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by path; records "METHOD path body". */
function serve(routes: Record<string, () => Response | Promise<Response>>) {
  const seen: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = String(input).replace('/api/v1', '');
    seen.push(`${init.method ?? 'GET'} ${path}${init.body ? ` ${String(init.body)}` : ''}`);
    const route = routes[path];
    return route ? route() : json(404, { success: false, errorMessage: 'No route' });
  });
  return seen;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  store.set(accessTokenAtom, null);
  store.set(profileAtom, null);
  localStorage.clear();
});

describe('the session', () => {
  it("stores the token under access_token, fetches the profile, then the payment environment and the round's own bets", async () => {
    const seen = serve({
      '/user/profile': () => json(200, { success: true, data: PROFILE }),
      '/payment/environment': () => json(200, { success: true, data: { type: 'local', rate: 10000, wallet: 'H' } }),
      '/bet/current': () => json(200, { success: true, data: { gameId: null, bets: [] } }),
    });
    await signIn('t-1');
    expect(localStorage.getItem('access_token')).toBe('t-1');
    expect(store.get(profileAtom)).toEqual(PROFILE);
    expect(store.get(paymentEnvironmentAtom)).toEqual({ type: 'local', coinsPerSol: 10000, wallet: 'H' });
    expect(seen).toEqual(['GET /user/profile', 'GET /payment/environment', 'GET /bet/current']);
  });

  it('a refused profile fetch signs out; a network error or a server error (a restart) does not', async () => {
    store.set(accessTokenAtom, 't-1');
    serve({ '/user/profile': () => Promise.reject(new TypeError('offline')) });
    await refreshProfile();
    expect(store.get(accessTokenAtom)).toBe('t-1');
    serve({ '/user/profile': () => json(503, { success: false, errorMessage: 'Service Unavailable' }) });
    await refreshProfile();
    expect(store.get(accessTokenAtom)).toBe('t-1');
    serve({ '/user/profile': () => json(403, { success: false, errorMessage: 'Forbidden' }) });
    await refreshProfile();
    expect(store.get(accessTokenAtom)).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it("retries a profile fetch that keeps failing, waiting longer each time; after three the button reads 'Server offline'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let up = false;
    const seen = serve({
      '/user/profile': () =>
        up
          ? json(200, { success: true, data: PROFILE })
          : json(503, { success: false, errorMessage: 'Service Unavailable' }),
      '/payment/environment': () => json(200, { success: true, data: { type: 'local', rate: 10000, wallet: 'H' } }),
      '/bet/current': () => json(200, { success: true, data: { gameId: null, bets: [] } }),
    });
    const label = () =>
      profileLabel(
        store.get(accessTokenAtom) !== null,
        store.get(profileLoadingAtom),
        store.get(profileAtom)?.balanceAmount ?? null,
        store.get(profileUnreachableAtom),
      );
    const tries = () => seen.filter((line) => line === 'GET /user/profile').length;
    const signingIn = signIn('t-1');
    await vi.advanceTimersByTimeAsync(0);
    expect([tries(), label()]).toEqual([1, 'Loading...']);
    // The waits after each failure: 1, 2, 4, 8, 16 s, then 30 s at most.
    const waits = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000];
    for (const [index, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(tries()).toBe(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(tries()).toBe(index + 2);
      expect(label()).toBe(index + 2 >= 3 ? 'Server offline' : 'Loading...');
    }
    expect(store.get(accessTokenAtom)).toBe('t-1');
    up = true;
    await vi.advanceTimersByTimeAsync(30_000);
    await signingIn;
    expect([tries(), label(), store.get(profileUnreachableAtom)]).toEqual([waits.length + 2, '200 $', false]);
  });

  it('logout calls POST /auth/logout and clears the token and profile', async () => {
    store.set(accessTokenAtom, 't-1');
    store.set(profileAtom, PROFILE);
    const seen = serve({ '/auth/logout': () => json(200, { success: true, data: null }) });
    await signOut();
    expect(seen).toEqual(['POST /auth/logout {}']);
    expect(store.get(accessTokenAtom)).toBeNull();
    expect(store.get(profileAtom)).toBeNull();
  });
});

describe('referral fields', () => {
  it('stores non-empty refId and telegramId as given and sends them when registering', async () => {
    localStorage.setItem('telegramId', 'old');
    storeReferralFromQuery('?refId=%3Cb%3E%20x&telegramId=');
    expect(localStorage.getItem('refId')).toBe('<b> x');
    expect(localStorage.getItem('telegramId')).toBe('old');
    expect(referralFields()).toEqual({ referralId: '<b> x', telegramId: 'old' });
    const seen = serve({
      '/auth/register': () => json(200, { success: true, data: { token: 't' } }),
      '/user/profile': () => json(200, { success: true, data: PROFILE }),
    });
    await signInWithPassword('a@b.c', 'correct horse', true);
    expect(seen[0]).toBe(
      'POST /auth/register {"email":"a@b.c","password":"correct horse","referralId":"<b> x","telegramId":"old"}',
    );
  });

  it('sends neither key when nothing is stored', () => {
    expect(referralFields()).toEqual({});
  });
});
