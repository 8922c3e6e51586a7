/**
 * A small HTTP client for server tests: envelope bodies, status, bearer token and cookie. Every
 * password, token and cookie it sends or receives is noted for the suite's log check.
 */

import { noteSecret } from '../suiteLogs';

interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; data?: T; errorMessage?: string };
  cookies: string[];
  /** The Retry-After header, or null. */
  retryAfter: string | null;
}

/** Token, cookie and extra headers of a call. */
interface CallOptions {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/** Calls `api + path`; a body is sent as JSON (or as given when it is a string). */
export async function call<T = unknown>(
  api: string,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  noteSecret(options.token);
  noteSecret(options.cookie?.split('=')[1]);
  if (typeof body === 'object' && body !== null && 'password' in body) noteSecret(String(body.password));
  const res = await fetch(api + path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const answer = {
    status: res.status,
    body: (await res.json()) as Answer<T>['body'],
    cookies: res.headers.getSetCookie(),
    retryAfter: res.headers.get('retry-after'),
  };
  const { token } = (answer.body.data ?? {}) as { token?: unknown };
  if (typeof token === 'string') noteSecret(token);
  for (const cookie of answer.cookies) noteSecret(cookiePair(cookie).split('=')[1]);
  return answer;
}

/** The `name=value` pair of a Set-Cookie header, to send back. */
export function cookiePair(setCookie: string | undefined): string {
  return (setCookie ?? '').split(';')[0] ?? '';
}

let counter = 0;

/** Registers a fresh email account and returns its access token. */
export async function newPlayer(api: string): Promise<{ token: string; email: string }> {
  const email = `player${Date.now()}${counter++}@example.com`;
  const answer = await call<{ token: string }>(api, 'POST', '/auth/register', { email, password: 'correct horse' });
  if (!answer.body.data) throw new Error(`register failed: ${answer.body.errorMessage}`);
  return { token: answer.body.data.token, email };
}
