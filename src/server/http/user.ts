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
  const { perAccount } = services.config.rateLimits;
  return async function (app: FastifyInstance): Promise<void> {
    // Each route is a query or a small transaction on the player's own rows: RATE_LIMIT_ACCOUNT a
    // minute per account, each route its own budget, whatever address the player is behind.
    const limited = (name: string) => accountLimit(app, `user-${name}`, perAccount);
    route(app, 'GET /user/profile', limited('profile'), async ({ account }) => profile(db, account.id));
    route(app, 'GET /user/limits', limited('limits'), async ({ account }) => readLimits(db, account.id, Date.now()));
    route(app, 'PUT /user/limits', limited('limits-change'), async ({ account, body }) =>
      updateLimits(db, account.id, body, Date.now()),
    );
    route(app, 'GET /user/session', limited('session'), async ({ account, query }) =>
      sessionResult(db, account.id, query.since),
    );
    route(app, 'POST /user/exclusion', limited('exclusion'), async ({ account, body }) =>
      excludeSelf(db, account.id, body.duration, Date.now()),
    );
    route(app, 'GET /user/stats', limited('stats'), async ({ account }) => playerStats(db, account.id));
  };
}
