/**
 * Request limits (requests per minute, from config.rateLimits), keyed so that nobody can spend
 * another player's budget: what only an account can do is counted per account, sign-in per
 * (login, address) so a stranger cannot lock a wallet out, a refresh per session (token family),
 * and addresses with IPv6 cut to the /64.
 * The counters live in @fastify/rate-limit's store: in memory, or shared by every gateway when
 * the plugin is registered with its `redis` option (keys are plain strings).
 */

import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { addressKey } from '../clientAddress';
import type { Config } from '../config';
import { HttpError } from './errors';
import { requireAccount } from './requireAccount';

type KeyOf = (request: FastifyRequest) => string | null | Promise<string | null>;

/** A preHandler that answers 429 once `key` has made `perMinute` requests this minute; a null key is not limited. */
function limitBy(app: FastifyInstance, name: string, perMinute: number, keyOf: KeyOf): preHandlerAsyncHookHandler {
  // The key is worked out once per request (it may cost a query) and handed to the plugin here.
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (r) => keys.get(r)!,
  });
  return async (request, reply) => {
    const key = await keyOf(request);
    if (key === null) return;
    keys.set(request, `${name}:${key}`);
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new HttpError(429, 'Too many requests, slow down');
  };
}

/** The client's address as limits count it: IPv4 whole, IPv6 by its /64. */
export const byAddress = (request: FastifyRequest): string => addressKey(request.ip);

/** The signed-in account (a 401 before any counting when there is no valid token). */
const byAccount = async (request: FastifyRequest): Promise<string> => String((await requireAccount(request)).id);

/** The login name a sign-in call is about (wallet or email, as sent), or null. */
function loginOf(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const value = body?.login ?? body?.email ?? query?.wallet;
  return typeof value === 'string' && value !== '' ? value.trim().slice(0, 254) : null;
}

/**
 * The sign-in routes: per address, per (login, address) (tries against one wallet from one place;
 * a stranger elsewhere cannot lock it out), then a ceiling over everyone that protects the
 * password hashing and the nonce table from a crowd of addresses. The ceiling holds back only
 * logins that never signed in (`isKnown` false): a crowd's junk cannot keep a player out.
 */
export function authLimits(
  app: FastifyInstance,
  limits: Config['rateLimits'],
  isKnown: (login: string) => Promise<boolean>,
): preHandlerAsyncHookHandler[] {
  const loginAtAddress = (request: FastifyRequest) => {
    const login = loginOf(request)?.toLowerCase().slice(0, 128);
    return login === undefined ? null : `${login}@${byAddress(request)}`;
  };
  const unknownLogin = async (request: FastifyRequest) => {
    const login = loginOf(request);
    return login !== null && (await isKnown(login)) ? null : 'all';
  };
  return [
    limitBy(app, 'auth-ip', limits.authPerIp, byAddress),
    limitBy(app, 'auth-login', limits.authPerLogin, loginAtAddress),
    limitBy(app, 'auth-all', limits.authGlobal, unknownLogin),
  ];
}

/**
 * Refresh and logout: a live refresh token is counted on its family only (one device's session),
 * never with anybody else's traffic; a cookie that names no live session is counted per address.
 */
export function sessionLimits(
  app: FastifyInstance,
  limits: Config['rateLimits'],
  familyOf: (request: FastifyRequest) => Promise<string | null>,
): preHandlerAsyncHookHandler[] {
  const families = new WeakMap<FastifyRequest, Promise<string | null>>();
  const family = (request: FastifyRequest) => {
    if (!families.has(request)) families.set(request, familyOf(request));
    return families.get(request)!;
  };
  return [
    limitBy(app, 'auth-family', limits.authPerLogin, family),
    limitBy(app, 'auth-ip', limits.authPerIp, async (request) =>
      (await family(request)) === null ? byAddress(request) : null,
    ),
  ];
}

/** A signed-in player's routes that cost the server (placing bets, payments): per address and per account. */
export function playerLimits(
  app: FastifyInstance,
  name: string,
  perIp: number,
  perAccount: number,
): preHandlerAsyncHookHandler[] {
  return [limitBy(app, `${name}-ip`, perIp, byAddress), accountLimit(app, name, perAccount)];
}

/**
 * Per account only: for cash-out and cancel, which a player must never lose to someone else's
 * traffic from the same address (a carrier's NAT, or everybody when no proxy is trusted).
 */
export function accountLimit(app: FastifyInstance, name: string, perAccount: number): preHandlerAsyncHookHandler {
  return limitBy(app, `${name}-account`, perAccount, byAccount);
}

/**
 * Per address, counting signed-in calls only, on a budget of its own: for cancels, whose churn is
 * sent to every subscriber, so many accounts behind one address cannot multiply it. Anonymous
 * junk and other routes' traffic from the address do not spend it.
 */
export function signedInAddressLimit(app: FastifyInstance, name: string, perIp: number): preHandlerAsyncHookHandler {
  return limitBy(app, `${name}-ip`, perIp, async (request) => {
    await requireAccount(request);
    return byAddress(request);
  });
}

/** Per address only: public reads that cost a database query or a chain call. */
export function addressLimit(app: FastifyInstance, name: string, perIp: number): preHandlerAsyncHookHandler {
  return limitBy(app, `${name}-ip`, perIp, byAddress);
}
