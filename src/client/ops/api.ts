/**
 * The ops API client: one ofetch instance at /api/v1/ops with the operator's Bearer token, no
 * retries (an approval sent twice is the server's to refuse, not ours to cause), the envelope
 * unwrapped. A 401 on any route but sign-in means the session is over: back to sign-in.
 */

import { FetchError, ofetch } from 'ofetch';
import { API_BASE } from '../../shared/constants';
import type { Envelope } from '../../shared/protocol';
import { currentToken, endSession, SESSION_EXPIRED } from './session';

class OpsError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

const api = ofetch.create({
  baseURL: `${API_BASE}/ops`,
  retry: 0,
  timeout: 10_000,
  onRequest({ options }) {
    const token = currentToken();
    if (token) options.headers.set('authorization', `Bearer ${token}`);
  },
});

type Query = Record<string, string | number | undefined>;

export const opsGet = <T>(path: string, query?: Query) => send<T>(path, { method: 'GET', query });

export const opsPost = <T>(path: string, body: Record<string, unknown> = {}) => send<T>(path, { method: 'POST', body });

async function send<T>(path: string, request: { method: 'GET' | 'POST'; body?: object; query?: Query }): Promise<T> {
  try {
    const body = await api<Envelope<T>>(path, request);
    if (!body?.success || body.data === undefined) throw new OpsError(body?.errorMessage ?? 'Error occurred', 200);
    return body.data;
  } catch (error) {
    if (error instanceof OpsError) throw error;
    const status = error instanceof FetchError ? (error.response?.status ?? null) : null;
    const message = error instanceof FetchError ? (error.data as Envelope | undefined)?.errorMessage : undefined;
    if (status === 401 && path !== 'auth' && currentToken()) endSession(SESSION_EXPIRED);
    throw new OpsError(message ?? 'Error occurred', status);
  }
}
