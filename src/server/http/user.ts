/** /user: the signed-in player's profile. */

import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { profile } from '../ledger/accounts';
import { ok } from './errors';
import { requireAccount } from './requireAccount';

/** The /user routes. */
export function userRoutes(services: Services) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/user/profile', async (request) =>
      ok(await profile(services.database.db, (await requireAccount(request)).id)),
    );
  };
}
