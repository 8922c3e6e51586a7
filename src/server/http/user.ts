/** /user: the signed-in player's profile, stats, own limits, reality check and self-exclusion. */

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EXCLUSION_DURATIONS, LIMIT_NAMES, REALITY_CHECK_MINUTES } from '../../shared/protocol';
import { coinsToHundredths } from '../../shared/money';
import type { Services } from '../services';
import { profile } from '../ledger/accounts';
import { excludeSelf, readLimits, sessionResult, updateLimits } from '../risk/playerLimits';
import { playerStats } from '../ledger/stats';
import { ok, parseBody } from './errors';
import { accountLimit } from './rateLimits';
import { requireAccount } from './requireAccount';
import { body } from './schemas';

/** A limit in coins with at most two decimals, or null to remove it. */
const limit = z
  .number({ error: 'A limit is an amount in coins, or null to remove it' })
  .positive('A limit must be above 0')
  .max(1e12, 'That limit is too large')
  .refine((coins) => coinsToHundredths(coins) !== null, 'A limit can have at most two decimals')
  .nullable();
const limitsBody = body({
  ...Object.fromEntries(LIMIT_NAMES.map((name) => [name, limit.optional()])),
  realityCheckMinutes: z
    .union(
      REALITY_CHECK_MINUTES.map((minutes) => z.literal(minutes)),
      { error: `realityCheckMinutes must be one of ${REALITY_CHECK_MINUTES.join(', ')}` },
    )
    .optional(),
});
const sessionQuery = body({
  since: z
    .string()
    .regex(/^\d{1,16}$/, 'since must be a time in ms')
    .transform(Number),
});
const exclusionBody = body({
  duration: z.enum(EXCLUSION_DURATIONS, { error: `duration must be one of ${EXCLUSION_DURATIONS.join(', ')}` }),
});

/** The /user routes. */
export function userRoutes(services: Services) {
  const { db } = services.database;
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/user/profile', async (request) => ok(await profile(db, (await requireAccount(request)).id)));
    app.get('/user/limits', async (request) =>
      ok(await readLimits(db, (await requireAccount(request)).id, Date.now())),
    );
    app.put('/user/limits', async (request) => {
      const account = await requireAccount(request);
      return ok(await updateLimits(db, account.id, parseBody(limitsBody, request.body), Date.now()));
    });
    app.get('/user/session', async (request) => {
      const account = await requireAccount(request);
      const { since } = parseBody(sessionQuery, request.query);
      return ok(await sessionResult(db, account.id, since));
    });
    app.post('/user/exclusion', async (request) => {
      const account = await requireAccount(request);
      const { duration } = parseBody(exclusionBody, request.body);
      return ok(await excludeSelf(db, account.id, duration, Date.now()));
    });
    // A database read over all of the player's bets: limited per account like the public reads per address.
    const preHandler = accountLimit(app, 'stats', services.config.rateLimits.publicPerIp);
    app.get('/user/stats', { preHandler }, async (request) =>
      ok(await playerStats(db, (await requireAccount(request)).id)),
    );
  };
}
