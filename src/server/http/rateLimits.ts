/** Per-IP, per-login and per-account request limits (requests per minute, from config.rateLimits). */

import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from './errors';
import { requireAccount } from './requireAccount';

type KeyOf = (request: FastifyRequest) => string | null | Promise<string | null>;

/** A preHandler that answers 429 once `key` has made `perMinute` requests this minute; a null key is not limited. */
export function limitBy(
  app: FastifyInstance,
  name: string,
  perMinute: number,
  keyOf: KeyOf,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: async (r) => `${name}:${await keyOf(r)}`,
  });
  return async (request, reply) => {
    if ((await keyOf(request)) === null) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new HttpError(429, 'Too many requests, slow down');
  };
}

/** The limits of the auth routes: per IP and per login name (wallet or email), so one account can't be hammered from many IPs. */
export function authLimits(app: FastifyInstance, perIp: number, perLogin: number): preHandlerAsyncHookHandler[] {
  const login = (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | undefined;
    const query = request.query as Record<string, unknown> | undefined;
    const value = body?.login ?? body?.email ?? query?.wallet;
    return typeof value === 'string' && value !== '' ? value.trim().toLowerCase().slice(0, 128) : null;
  };
  return [limitBy(app, 'auth-ip', perIp, (r) => r.ip), limitBy(app, 'auth-login', perLogin, login)];
}

/** The limits of a signed-in player's routes (bets, payments): per IP and per account (401 first when there is no token). */
export function playerLimits(
  app: FastifyInstance,
  name: string,
  perIp: number,
  perAccount: number,
): preHandlerAsyncHookHandler[] {
  return [
    limitBy(app, `${name}-ip`, perIp, (r) => r.ip),
    limitBy(app, `${name}-account`, perAccount, async (r) => String((await requireAccount(r)).id)),
  ];
}
