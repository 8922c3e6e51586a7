/** GET /game/rounds (extension): finished rounds with their secrets, a page at a time, for the strategy lab and audits. */

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ROUNDS_PAGE_MAX } from '../../shared/constants';
import type { RoundDetails } from '../../shared/protocol';
import type { Services } from '../services';
import { finishedRoundsBefore } from '../game/fairnessViews';
import { ok, parseBody } from './errors';
import { addressLimit } from './rateLimits';
import { pageSize } from './schemas';
import { TtlCache } from './TtlCache';

const roundsQuery = z.object({
  before: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'before must be a round number')
    .transform(Number)
    .optional(),
  limit: pageSize(ROUNDS_PAGE_MAX, ROUNDS_PAGE_MAX),
});

/**
 * ENDED and VOID rounds below `before` (the newest without it), oldest first, each with its rate,
 * crash point, salt, hash and seed chain link; the next older page is `before` = the first one's
 * gameId. One database read per page and PUBLIC_CACHE_MS however many ask, limited per address.
 */
export function roundsRoutes(services: Services) {
  const { db } = services.database;
  const pages = new TtlCache<RoundDetails[]>(services.config.publicCacheMs, 1000);
  return async (app: FastifyInstance): Promise<void> => {
    const preHandler = addressLimit(app, 'rounds', services.config.rateLimits.publicPerIp);
    app.get('/game/rounds', { preHandler }, async (request) => {
      const { before, limit } = parseBody(roundsQuery, request.query);
      return ok(await pages.get(`${before}:${limit}`, () => finishedRoundsBefore(db, before ?? null, limit)));
    });
  };
}
