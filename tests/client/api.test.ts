import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, BUSY_TRIES } from '../../src/client/net/api';
import { serverBusyAtom } from '../../src/client/state/serverBusyAtom';
import { accessTokenAtom } from '../../src/client/state/sessionAtom';
import { profileAtom } from '../../src/client/state/profileAtom';
import { store } from '../../src/client/state/store';

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
}

/** A fake server: `answer` picks each reply; every request is recorded. */
function serve(answer: (seen: Seen, index: number) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const entry = {
      method: init.method ?? 'GET',
      path: String(input),
      authorization: headers.get('authorization'),
      idempotencyKey: headers.get('idempotency-key'),
    };
    seen.push(entry);
    return answer(entry, seen.length - 1);
  });
  return seen;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, data });
const refused = (status: number, errorMessage: string) => json(status, { success: false, errorMessage });

beforeEach(() => store.set(accessTokenAtom, 'old-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  store.set(accessTokenAtom, null);
});

describe('the HTTP client', () => {
  it('sends the Bearer token everywhere but /auth and returns the envelope data', async () => {
    const seen = serve((request) => ok(request.path));
    expect(await api.get('/user/profile')).toBe('/api/v1/user/profile');
    await api.post('/auth/logout');
    expect(seen.map((request) => request.authorization)).toEqual(['Bearer old-token', null]);
  });

  it('fills in path parameters and sends the query, leaving out what is undefined', async () => {
    const seen = serve((request) => ok(request.path));
    await api.get('/game/bets/:gameId', { params: { gameId: '12' }, query: { before: 340, limit: undefined } });
    await api.get('/game/leaders', { query: { period: undefined } });
    await api.post(
      '/payment/pay/:depositId',
      { paymentData: { wallet: 'w', data: 'AA==' } },
      { params: { depositId: 'a b' } },
    );
    expect(seen.map((request) => request.path)).toEqual([
      '/api/v1/game/bets/12?before=340',
      '/api/v1/game/leaders',
      '/api/v1/payment/pay/a%20b',
    ]);
  });

  it("hands the server's errorMessage of a 4xx answer to the caller, and 'Error occurred' without one", async () => {
    serve((request) =>
      request.path.endsWith('/bet/refund') ? refused(409, 'Too late: the rocket has flown away') : json(500, 'x'),
    );
    await expect(api.post('/bet/refund', { betId: '1' })).rejects.toMatchObject({
      message: 'Too late: the rocket has flown away',
      status: 409,
    });
    await expect(api.get('/game/leaders')).rejects.toMatchObject({ message: 'Error occurred', status: 500 });
  });

  it('refuses an envelope without success or data', async () => {
    serve(() => json(200, { success: false, errorMessage: 'No' }));
    await expect(api.get('/game/info')).rejects.toThrow('No');
    serve(() => json(200, { success: true }));
    await expect(api.post('/bet/create/auto', { amount: 1000, rate: 2 })).rejects.toThrow('Error occurred');
  });

  it('never sends a POST twice on its own: not after a 500, a 409 or a network error', async () => {
    for (const reply of [
      () => json(500, {}),
      () => refused(409, 'Betting is closed'),
      () => Promise.reject(new TypeError('network')),
    ]) {
      const seen = serve(reply);
      await expect(api.post('/bet/create', { amount: 20000 })).rejects.toBeInstanceOf(ApiError);
      expect(seen).toHaveLength(1);
    }
  });

  it('tries a read answered 503 again after its Retry-After, saying the server is busy meanwhile; never an action', async () => {
    let busyWhileWaiting = false;
    const seen = serve((request, index) => {
      if (index === 0 || request.method === 'POST') {
        const busy = refused(503, 'The server is busy: please try again in a moment');
        busy.headers.set('retry-after', '1');
        return busy;
      }
      busyWhileWaiting = store.get(serverBusyAtom);
      return ok('fine');
    });
    const started = Date.now();
    expect(await api.get('/game/last')).toBe('fine');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect([seen.length, busyWhileWaiting, store.get(serverBusyAtom)]).toEqual([2, true, false]);
    await expect(api.post('/bet/refund', { betId: '1' })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(3);
  });

  it('a network error carries no status (the session keeps going)', async () => {
    serve(() => Promise.reject(new TypeError('fetch failed')));
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: null, message: 'Error occurred' });
  });

  it('on a 401 refreshes once for all parallel requests, then retries each once with the new token', async () => {
    const seen = serve(async (request) => {
      if (request.path.endsWith('/auth/refresh')) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return ok({ token: 'new-token' });
      }
      return request.authorization === 'Bearer new-token' ? ok(request.path) : refused(401, 'Sign in again');
    });
    const answers = await Promise.all([
      api.get('/user/profile'),
      api.get('/bet/history'),
      api.post('/bet/cancel', { betId: '3' }),
    ]);
    expect(answers).toEqual(['/api/v1/user/profile', '/api/v1/bet/history', '/api/v1/bet/cancel']);
    expect(seen.filter((request) => request.path.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(seen.filter((request) => request.path.endsWith('/bet/cancel'))).toHaveLength(2);
    expect(store.get(accessTokenAtom)).toBe('new-token');
  });

  it('a 401 after the retry is the caller’s: no second refresh', async () => {
    const seen = serve((request) =>
      request.path.endsWith('/auth/refresh') ? ok({ token: 'new-token' }) : refused(401, 'Sign in again'),
    );
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(seen.map((request) => request.path.replace('/api/v1', ''))).toEqual([
      '/user/profile',
      '/auth/refresh',
      '/user/profile',
    ]);
  });

  it('a failed refresh signs the player out', async () => {
    store.set(profileAtom, { balanceAmount: 100, email: 'e', nickname: 'n', wallet: null });
    serve((request) => refused(401, request.path.endsWith('/auth/refresh') ? 'No session' : 'Expired'));
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(store.get(accessTokenAtom)).toBeNull();
    expect(store.get(profileAtom)).toBeNull();
  });

  it('sends the Idempotency-Key it is given', async () => {
    const seen = serve(() => ok({ betId: '1' }));
    await api.post('/bet/create', { amount: 20000 }, { idempotencyKey: 'k-1' });
    expect(seen[0]?.idempotencyKey).toBe('k-1');
  });
});

describe('a refresh the server cannot answer now', () => {
  it('is retried after the Retry-After of a 429, and the player stays signed in', async () => {
    let refreshes = 0;
    const seen = serve((request) => {
      if (!request.path.endsWith('/auth/refresh'))
        return request.authorization === 'Bearer new-token' ? ok('fine') : refused(401, 'Expired');
      if (++refreshes > 1) return ok({ token: 'new-token' });
      const busy = refused(429, 'Too many requests, slow down');
      busy.headers.set('retry-after', '1');
      return busy;
    });
    const started = Date.now();
    expect(await api.get('/user/profile')).toBe('fine');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(seen.filter((request) => request.path.endsWith('/auth/refresh'))).toHaveLength(2);
    expect(store.get(accessTokenAtom)).toBe('new-token');
  });

  it('is tried a bounded number of times on 5xx and never signs the player out', async () => {
    store.set(profileAtom, { balanceAmount: 100, email: 'e', nickname: 'n', wallet: null });
    const seen = serve((request) =>
      request.path.endsWith('/auth/refresh') ? json(503, { success: false }) : refused(401, 'Expired'),
    );
    // The request fails as if no answer came, which the profile and the panels try again later.
    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: null });
    expect(seen.filter((request) => request.path.endsWith('/auth/refresh'))).toHaveLength(BUSY_TRIES);
    expect(store.get(accessTokenAtom)).toBe('old-token');
    expect(store.get(profileAtom)).not.toBeNull();
  }, 15_000);
});
