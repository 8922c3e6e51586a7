/** The signed-in player of a request, from its Bearer access token. */

import type { FastifyRequest } from 'fastify';
import type { Tokens } from '../auth/Tokens';
import type { AccountRef } from '../ledger/accounts';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies access tokens for requireAccount. */
    tokens: Tokens;
  }
}

const verified = new WeakMap<FastifyRequest, AccountRef>();

/** The Bearer token of a request, or undefined. */
const bearerOf = (request: FastifyRequest) => /^Bearer ([\w.-]+)$/.exec(request.headers.authorization ?? '')?.[1];

/** The signed-in player of a request (Bearer access token), or a 401 HttpError. */
export async function requireAccount(request: FastifyRequest): Promise<AccountRef> {
  const known = verified.get(request);
  if (known) return known;
  const token = bearerOf(request);
  if (token === undefined) throw unauthorized('Please sign in');
  const account = await request.server.tokens.verifyAccess(token);
  if (!account) throw unauthorized();
  verified.set(request, account);
  return account;
}

/** The signed-in player of a request, or null for a visitor (no token, or one that is not valid). */
export async function signedInAccount(request: FastifyRequest): Promise<AccountRef | null> {
  if (bearerOf(request) === undefined) return null;
  return requireAccount(request).catch(() => null);
}

/**
 * True when the request carries a well-signed, unexpired access token, asking no database (a
 * session ended since is refused by the route): what the capacity guard keeps, never waiting for a
 * connection ahead of a cash-out's arrival stamp.
 */
export async function carriesAccessToken(request: FastifyRequest): Promise<boolean> {
  const token = bearerOf(request);
  return token !== undefined && (await request.server.tokens.signedAccount(token)) !== null;
}

/** The route hook of signed-in routes: a request without a valid access token is answered 401. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  await requireAccount(request);
}

/** The player the hook found; undefined on a route without it. */
export const accountOf = (request: FastifyRequest): AccountRef | undefined => verified.get(request);
