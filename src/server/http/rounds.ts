/** GET /game/rounds (extension): finished rounds with their secrets, a page at a time, for the strategy lab and audits. */

import type { FastifyInstance } from 'fastify';
import type { RoundDetails } from '../../shared/protocol';
import type { Services } from '../services';
import { finishedRoundsBefore } from '../game/fairnessViews';
import { callerLimits } from './rateLimits';
import { route } from './route';
import { TtlCache } from './TtlCache';

/**
 * ENDED and VOID rounds below `before` (the newest without it), oldest first, each with its rate,
 * crash point, salt, hash and seed chain link; the next older page is `before` = the first one's
 * gameId. One database read per page and PUBLIC_CACHE_MS however many ask, limited per address or account.
 */
export function roundsRoutes(services: Services) {
  const { db } = services.database;
  const pages = new TtlCache<RoundDetails[]>(services.config.publicCacheMs, 1000);
  return async (app: FastifyInstance): Promise<void> => {
    const { publicPerIp, perAccount } = services.config.rateLimits;
    route(
      app,
      'GET /game/rounds',
      callerLimits(app, 'rounds', publicPerIp, perAccount),
      async ({ query: { before, limit } }) =>
        pages.get(`${before}:${limit}`, () => finishedRoundsBefore(db, before ?? null, limit)),
    );
  };
}
