/**
 * The HTTP client of spec §7–§8: one ofetch instance at /api/v1 that adds the Bearer token, never
 * retries on its own (a re-sent POST could place a bet twice), and unwraps the envelope. A 401
 * refreshes the session once, shared by every request that got one, and the request is sent again.
 */

import { FetchError, ofetch } from 'ofetch';
import { API_BASE } from '../../shared/constants';
import type { Envelope, GameInfo, RoundHistoryEntry, TokenResponse } from '../../shared/protocol';
import { accessTokenAtom, clearSessionAtom } from '../state/sessionAtom';
import { store } from '../state/store';

/** An error a player can read (the server's errorMessage, else 'Error occurred'); status null when no answer came. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const isAuthPath = (path: string) => path.includes('/auth');

/** Every call goes through this instance; the token is read at send time. */
export const api = ofetch.create({
  baseURL: API_BASE,
  retry: 0,
  timeout: 10_000,
  onRequest({ request, options }) {
    const token = store.get(accessTokenAtom);
    if (token && !isAuthPath(String(request))) options.headers.set('authorization', `Bearer ${token}`);
  },
});

export interface PostOptions {
  /** Sent as `Idempotency-Key`, so the server answers a repeated action once. */
  idempotencyKey?: string;
}

/** The envelope's data (`data.data` in the spec), or an ApiError with the server's message. */
export function getData<T>(path: string): Promise<T> {
  return send<T>(path, { method: 'GET' });
}

/** POSTs `body` and returns the envelope's data, or throws an ApiError. */
export function postData<T>(path: string, body: unknown = {}, options: PostOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  return send<T>(path, { method: 'POST', body: body as Record<string, unknown>, headers });
}

type Request = { method: 'GET' | 'POST'; body?: Record<string, unknown>; headers?: Record<string, string> };

async function send<T>(path: string, request: Request): Promise<T> {
  const token = store.get(accessTokenAtom);
  try {
    return unwrap(await api<Envelope<T>>(path, request));
  } catch (error) {
    const failure = toApiError(error);
    if (failure.status !== 401 || isAuthPath(path) || token === null) throw failure;
    if ((await renewedToken(token)) === null) throw failure;
    try {
      return unwrap(await api<Envelope<T>>(path, request));
    } catch (again) {
      throw toApiError(again);
    }
  }
}

let refreshing: Promise<string | null> | null = null;

/**
 * A fresh access token after `rejected` got a 401: one POST /auth/refresh for all requests waiting
 * on it (a request whose 401 comes back after the refresh just uses the new token). A failed
 * refresh signs the player out and gives null.
 */
function renewedToken(rejected: string): Promise<string | null> {
  const current = store.get(accessTokenAtom);
  if (current !== rejected) return Promise.resolve(current);
  refreshing ??= api<Envelope<TokenResponse>>('/auth/refresh', { method: 'POST' })
    .then(
      (body) => body.data?.token ?? null,
      () => null,
    )
    .then((token) => {
      if (token) store.set(accessTokenAtom, token);
      else store.set(clearSessionAtom);
      return token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function unwrap<T>(body: Envelope<T>): T {
  if (!body?.success || body.data === undefined) throw new ApiError(body?.errorMessage ?? 'Error occurred', 200);
  return body.data;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const body = error.data as Envelope | undefined;
    return new ApiError(body?.errorMessage ?? 'Error occurred', error.response?.status ?? null);
  }
  return new ApiError('Error occurred', null);
}

/** The round being played now. */
export const getGameInfo = () => getData<GameInfo>('/game/info');

/** The last finished rounds, newest first. */
export const getLastRounds = () => getData<RoundHistoryEntry[]>('/game/last');
