/**
 * Request budgets (requests per minute, from config.rateLimits), keyed by who spends them and costed
 * by what the route costs (docs/operations.md "Admission"). Signed-in players are counted per
 * account, never per address: a carrier's NAT puts hundreds of players on one address. Visitors
 * without a token are counted per address, with budgets sized for such a crowd; sign-in per
 * (login, address) too, so a stranger cannot lock a login out; a refresh per session (token family);
 * IPv6 addresses by their /64. Every route names its budget: `watchBudgets` lists each route with
 * the budgets on it, and a test fails on a route without one.
 * The counters live in @fastify/rate-limit's store: in memory, or shared by every gateway when
 * the plugin is registered with its `redis` option (keys are plain strings).
 */

import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { addressKey } from '../clientAddress';
import type { Config } from '../config';
import { HttpError } from './errors';
import { requireAccount, signedInAccount } from './requireAccount';
import type { Hook } from './route';

type KeyOf = (request: FastifyRequest) => string | null | Promise<string | null>;
type Limits = Config['rateLimits'];

/** What each budget hook is, by name: routes are checked for at least one. */
const budgetNames = new WeakMap<Hook, string>();

/** A hook that answers 429 (with Retry-After) once `key` has made `perMinute` requests this minute; a null key is not limited. */
function limitBy(app: FastifyInstance, name: string, perMinute: number, keyOf: KeyOf): Hook {
  // The key is worked out once per request (it may cost a query) and handed to the plugin here.
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (r) => keys.get(r)!,
  });
  const hook: Hook = async (request, reply) => {
    const key = await keyOf(request);
    if (key === null) return;
    keys.set(request, `${name}:${key}`);
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', Math.max(1, result.ttlInSeconds));
    throw new HttpError(429, 'Too many requests, slow down');
  };
  budgetNames.set(hook, `${name} ${perMinute}/min`);
  return hook;
}

/**
 * The budget of a route that costs next to nothing (a constant answer, a file the proxy caches):
 * no counter, only the capacity guard's shedding (capacity.ts). `why` is shown in the route list.
 */
export function unmetered(why: string): Hook {
  const hook: Hook = async () => {};
  budgetNames.set(hook, `unmetered: ${why}`);
  return hook;
}

/** A route and the budgets on it (empty: a route anyone may call without end). */
export interface RouteBudget {
  route: string;
  budgets: string[];
}

/**
 * Watches every route registered on `app` from now on; the function lists each with its budgets
 * (their hooks in any phase, read when asked: a plugin's own onRoute hook may add one later).
 */
export function watchBudgets(app: FastifyInstance): () => RouteBudget[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (options: RouteOptions) => void routes.push(options));
  return () =>
    routes.flatMap((options) => {
      const hooks = [options.onRequest, options.preHandler, options.preValidation].flat();
      const budgets = hooks.flatMap((hook) => {
        const name = hook && budgetNames.get(hook as Hook);
        return name ? [name] : [];
      });
      return [options.method].flat().map((method) => ({ route: `${method} ${options.url}`, budgets }));
    });
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

/** Per (login, address): tries at one login from one place; a stranger elsewhere cannot spend them. */
const loginAtAddress = (request: FastifyRequest) => {
  const login = loginOf(request)?.toLowerCase().slice(0, 128);
  return login === undefined ? null : `${login}@${byAddress(request)}`;
};

/**
 * Sign-in calls that cost a check (a signature, a password hash): per address and per (login,
 * address). There is no ceiling over everyone that strangers could fill: the password hashes
 * have a queue of their own (http/HashQueue.ts) and wrong passwords slow their address (passwordSignIn.ts).
 */
export function authLimits(app: FastifyInstance, name: string, limits: Limits): Hook[] {
  return [
    limitBy(app, `${name}-ip`, limits.authPerIp, byAddress),
    limitBy(app, `${name}-login`, limits.authPerLogin, loginAtAddress),
  ];
}

/**
 * Refresh and logout: a live refresh token is counted on its family only (one device's session),
 * never with anybody else's traffic; a cookie that names no live session is counted per address.
 */
export function sessionLimits(
  app: FastifyInstance,
  limits: Limits,
  familyOf: (request: FastifyRequest) => Promise<string | null>,
): Hook[] {
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

/**
 * Per account only: every signed-in route. Cash-out and cancel have budgets of their own, which
 * no other traffic can spend (a neighbour behind the same NAT, the player's own reads).
 */
export function accountLimit(app: FastifyInstance, name: string, perAccount: number): Hook {
  return limitBy(app, `${name}-account`, perAccount, byAccount);
}

/**
 * Per address, counting signed-in calls only, on a budget of its own: for cancels, whose churn is
 * sent to every subscriber, so many accounts behind one address cannot multiply it. Anonymous
 * junk and other routes' traffic from the address do not spend it.
 */
export function signedInAddressLimit(app: FastifyInstance, name: string, perIp: number): Hook {
  return limitBy(app, `${name}-ip`, perIp, async (request) => {
    await requireAccount(request);
    return byAddress(request);
  });
}

/** Per address only: for calls nobody signs (anonymous by nature). */
export function addressLimit(app: FastifyInstance, name: string, perIp: number): Hook {
  return limitBy(app, `${name}-ip`, perIp, byAddress);
}

/**
 * Routes anyone may call: a signed-in caller on its account's budget (`perAccount`), a visitor on
 * its address's (`perIp`, sized for a crowd behind one NAT).
 */
export function callerLimits(app: FastifyInstance, name: string, perIp: number, perAccount: number): Hook[] {
  return [
    limitBy(app, `${name}-ip`, perIp, async (request) =>
      (await signedInAccount(request)) ? null : byAddress(request),
    ),
    limitBy(app, `${name}-account`, perAccount, async (request) => {
      const account = await signedInAccount(request);
      return account ? String(account.id) : null;
    }),
  ];
}
