/**
 * The ops API client: one ofetch instance at /api/v1/ops with the operator's Bearer token, no
 * retries (an approval sent twice is the server's to refuse, not ours to cause), the envelope
 * unwrapped, typed by the console's route table (src/shared/wire/ops.ts): `opsGet('state')` is a
 * Promise of GET /ops/state's answer. A 401 on any route but sign-in means the session is over:
 * back to sign-in.
 */

import { FetchError, ofetch } from 'ofetch';
import { API_BASE } from '../../shared/constants';
import type { Envelope } from '../../shared/protocol';
import type { OpsAnswer, OpsKey, OpsRoutes } from '../../shared/wire/ops';
import { routeUrl, type Body, type Parts, type PartsArg } from '../net/routeUrl';
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

/** The paths of the console's routes with a method, under /ops/: OpsPath<'GET'> includes 'state'. */
type OpsPath<M extends 'GET' | 'POST'> = OpsKey extends infer K
  ? K extends `${M} /ops/${infer P}`
    ? P
    : never
  : never;

export const opsGet = <P extends OpsPath<'GET'>>(path: P, ...[options]: PartsArg<OpsRoutes[`GET /ops/${P}`]>) =>
  send<OpsAnswer<`GET /ops/${P}`>>(routeUrl(path, options), { method: 'GET' });

export const opsPost = <P extends OpsPath<'POST'>>(
  path: P,
  body?: Body<OpsRoutes[`POST /ops/${P}`]>,
  options?: Parts<OpsRoutes[`POST /ops/${P}`]>,
) => send<OpsAnswer<`POST /ops/${P}`>>(routeUrl(path, options), { method: 'POST', body: body ?? {} });

async function send<T>(path: string, request: { method: 'GET' | 'POST'; body?: object }): Promise<T> {
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
