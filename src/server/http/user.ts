/** /user: the signed-in player's profile, stats, own limits, reality check and self-exclusion. */

import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { profile } from '../ledger/accounts';
import { excludeSelf, readLimits, sessionResult, updateLimits } from '../risk/playerLimits';
import { playerStats } from '../ledger/stats';
import { accountLimit } from './rateLimits';
import { route } from './route';

/** The /user routes. */
export function userRoutes(services: Services) {
  const { db } = services.database;
  return async function (app: FastifyInstance): Promise<void> {
    route(app, 'GET /user/profile', [], async ({ account }) => profile(db, account.id));
    route(app, 'GET /user/limits', [], async ({ account }) => readLimits(db, account.id, Date.now()));
    route(app, 'PUT /user/limits', [], async ({ account, body }) => updateLimits(db, account.id, body, Date.now()));
    route(app, 'GET /user/session', [], async ({ account, query }) => sessionResult(db, account.id, query.since));
    route(app, 'POST /user/exclusion', [], async ({ account, body }) =>
      excludeSelf(db, account.id, body.duration, Date.now()),
    );
    // A database read over all of the player's bets: limited per account like the public reads per address.
    const perAccount = accountLimit(app, 'stats', services.config.rateLimits.publicPerIp);
    route(app, 'GET /user/stats', perAccount, async ({ account }) => playerStats(db, account.id));
  };
}
