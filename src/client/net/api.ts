/**
 * The HTTP client of docs/spec.md §7–§8: one ofetch instance at /api/v1 that adds the Bearer token, never
 * retries on its own (a re-sent POST could place a bet twice), and unwraps the envelope. A 401
 * refreshes the session once, shared by every request that got one, and the request is sent again.
 * Only a 401 to the refresh signs the player out: a 429 or 5xx is the server's trouble, so the
 * refresh is tried again after its Retry-After, a bounded number of times. A read (GET) answered
 * 429 or 503 with a Retry-After is tried again after it too, while the header says the server is busy;
 * an action (POST, PUT) never is.
 */

import { FetchError, ofetch } from 'ofetch';
import { API_BASE } from '../../shared/constants';
import type { Envelope, TokenResponse } from '../../shared/protocol';
import { refusalText } from './refusalText';
import type { Answer, Method, PathOf, Routes } from '../../shared/wire/routes';
import { routeUrl as url, type Body, type Parts, type PartsArg } from './routeUrl';
import { accessTokenAtom, clearSessionAtom } from '../state/sessionAtom';
import { serverBusyAtom } from '../state/serverBusyAtom';
import { store } from '../state/store';
import { t } from '../i18n/i18n';

/** An error a player can read (the server's errorMessage, else 'Error occurred'); status null when no answer came. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** What the refusal carried beside its message (a refused cash-out's receipt). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const isAuthPath = (path: string) => path.includes('/auth');

/** Every call goes through this instance; the token is read at send time. */
const http = ofetch.create({
  baseURL: API_BASE,
  retry: 0,
  timeout: 10_000,
  onRequest({ request, options }) {
    const token = store.get(accessTokenAtom);
    if (token && !isAuthPath(String(request))) options.headers.set('authorization', `Bearer ${token}`);
  },
});

interface PostOptions {
  /** Sent as `Idempotency-Key`, so the server answers a repeated action once. */
  idempotencyKey?: string;
}

/**
 * The typed client of the wire's route table: `api.get('/game/last', { query: { limit: 5 } })` is a
 * Promise of that route's answer (the envelope's data), or an ApiError with the server's message.
 */
export const api = {
  get: <P extends PathOf<'GET'>>(path: P, ...[options]: PartsArg<Routes[`GET ${P}`]>) =>
    send<Answer<`GET ${P}`>>(url(path, options), { method: 'GET' }),
  post: <P extends PathOf<'POST'>>(
    path: P,
    body?: Body<Routes[`POST ${P}`]>,
    options?: Parts<Routes[`POST ${P}`]> & PostOptions,
  ) => {
    const headers: Record<string, string> = {};
    if (options?.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    return send<Answer<`POST ${P}`>>(url(path, options), { method: 'POST', body: body ?? {}, headers });
  },
  put: <P extends PathOf<'PUT'>>(path: P, body: Body<Routes[`PUT ${P}`]>) =>
    send<Answer<`PUT ${P}`>>(path, { method: 'PUT', body: body as object }),
};

type Request = { method: Method; body?: object; headers?: Record<string, string> };

async function send<T>(path: string, request: Request): Promise<T> {
  const token = store.get(accessTokenAtom);
  const call = () => whileBusy(() => http<Envelope<T>>(path, request as RequestInit), request.method === 'GET');
  try {
    return unwrap(await call());
  } catch (error) {
    const failure = toApiError(error);
    if (failure.status !== 401 || isAuthPath(path) || token === null) throw failure;
    if ((await renewedToken(token)) === null) {
      // Signed out by the refresh: the 401 stands. Else the server could not renew it now, which
      // callers treat as no answer (the session stands and they try again later).
      throw store.get(accessTokenAtom) === null ? failure : new ApiError(t('wallet.errorOccurred'), null);
    }
    try {
      return unwrap(await call());
    } catch (again) {
      throw toApiError(again);
    }
  }
}

/** Tries of POST /auth/refresh while it answers 429 or 5xx, and of a read while it answers 429 or 503; the longest wait between two. */
export const BUSY_TRIES = 3;
const LONGEST_RETRY_WAIT_MS = 10_000;
/** The wait when a 429 or 5xx names none. */
const DEFAULT_RETRY_WAIT_MS = 1000;

let refreshing: Promise<string | null> | null = null;

/**
 * A fresh access token after `rejected` got a 401: one refresh for all requests waiting on it (a
 * request whose 401 comes back after the refresh just uses the new token). A refresh refused with
 * 401 signs the player out; null when there is no new token.
 */
function renewedToken(rejected: string): Promise<string | null> {
  const current = store.get(accessTokenAtom);
  if (current !== rejected) return Promise.resolve(current);
  refreshing ??= refreshSession()
    .then((renewal) => {
      if (renewal === 'signed out') store.set(clearSessionAtom);
      if (typeof renewal !== 'object') return null;
      store.set(accessTokenAtom, renewal.token);
      return renewal.token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** A new access token, a session the server ended (401), or neither for now. */
type Renewal = { token: string } | 'signed out' | 'no answer';

/** POST /auth/refresh, again after the server's Retry-After while it answers 429 or 5xx. */
async function refreshSession(): Promise<Renewal> {
  for (let attempt = 1; ; attempt++) {
    try {
      const token = (await http<Envelope<TokenResponse>>('/auth/refresh', { method: 'POST' })).data?.token;
      return token ? { token } : 'no answer';
    } catch (error) {
      const response = error instanceof FetchError ? error.response : undefined;
      if (response?.status === 401) return 'signed out';
      const busy = response !== undefined && (response.status === 429 || response.status >= 500);
      if (!busy || attempt >= BUSY_TRIES) return 'no answer';
      await new Promise((resolve) => setTimeout(resolve, retryWaitMs(response.headers.get('retry-after'))));
    }
  }
}

/**
 * `attempt`, and when `retry` (a read, safe to send twice) again after the server's Retry-After while
 * it answers 429 or 503 with one, at most BUSY_TRIES times; the header says the server is busy meanwhile.
 */
async function whileBusy<T>(attempt: () => Promise<T>, retry: boolean): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      const value = await attempt();
      if (tries > 1) store.set(serverBusyAtom, false);
      return value;
    } catch (error) {
      const response = error instanceof FetchError ? error.response : undefined;
      // Busy only when the server says for how long: a bare 503 (a proxy while the server restarts) is the caller's to back off from.
      const busy =
        retry &&
        response !== undefined &&
        (response.status === 429 || response.status === 503) &&
        response.headers.has('retry-after');
      if (!busy || tries >= BUSY_TRIES) {
        if (tries > 1) store.set(serverBusyAtom, false);
        throw error;
      }
      store.set(serverBusyAtom, true);
      await new Promise((resolve) => setTimeout(resolve, retryWaitMs(response.headers.get('retry-after'))));
    }
  }
}

/** Retry-After (seconds or an HTTP date) in ms, at most LONGEST_RETRY_WAIT_MS. */
function retryWaitMs(header: string | null): number {
  const seconds = Number(header);
  const ms = header === null ? NaN : Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Math.min(LONGEST_RETRY_WAIT_MS, Math.max(0, Number.isNaN(ms) ? DEFAULT_RETRY_WAIT_MS : ms));
}

function unwrap<T>(body: Envelope<T>): T {
  if (!body?.success || body.data === undefined) throw new ApiError(errorText(body), 200);
  return body.data;
}

/** What a refusal says to the player: in the page's language when it carries a code, else the server's words. */
const errorText = (body: Envelope | undefined): string =>
  refusalText(body) ?? body?.errorMessage ?? t('wallet.errorOccurred');

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const body = error.data as Envelope | undefined;
    return new ApiError(errorText(body), error.response?.status ?? null, body?.data);
  }
  return new ApiError(t('wallet.errorOccurred'), null);
}
