import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HISTORY_LENGTH, LAST_ROUNDS_MAX } from '../../shared/constants';
import type { BetWithRound } from '../../shared/protocol';
import type { Services } from '../services';
import { gameNow } from '../clock';
import { leaders, roundBets } from '../ledger/betViews';
import { findRound } from '../game/rounds';
import { gameInfo, lastRounds } from '../game/roundViews';
import { fairnessInfo, roundDetails } from '../game/fairnessViews';
import { notFound, ok, parseBody } from './errors';
import { TtlCache } from './TtlCache';

const lastQuery = z.object({
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${LAST_ROUNDS_MAX}` })
    .int(`limit must be a whole number from 1 to ${LAST_ROUNDS_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${LAST_ROUNDS_MAX}`)
    .max(LAST_ROUNDS_MAX, `limit must be a whole number from 1 to ${LAST_ROUNDS_MAX}`)
    .default(HISTORY_LENGTH),
});
const gameIdParams = z.object({ gameId: z.string().regex(/^[1-9]\d{0,14}$/, 'gameId must be a round number') });

/** The public game endpoints of architecture §5: current round, history, bets of a round, leaders, fairness. */
export function gameRoutes(services: Services) {
  const { db } = services.database;
  // Every page load asks for the leaders and the query reads the day's settled bets: one read per period.
  const leaderboard = new TtlCache<BetWithRound[]>(services.config.publicCacheMs);
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/game/info', async () => {
      const info = await gameInfo(db, gameNow());
      if (!info) throw notFound('No round has started yet');
      return ok(info);
    });

    app.get('/game/last', async (request) => {
      const { limit } = parseBody(lastQuery, request.query);
      return ok(await lastRounds(db, limit));
    });

    app.get('/game/bets/:gameId', async (request) => {
      const roundId = Number(parseBody(gameIdParams, request.params).gameId);
      if (!(await findRound(db, roundId))) throw notFound('No such round');
      return ok(await roundBets(db, roundId));
    });

    app.get('/game/leaders', async () => ok(await leaderboard.get('leaders', () => leaders(db))));

    app.get('/game/fairness', async () => ok(await fairnessInfo(db)));

    app.get('/game/round/:gameId', async (request) => {
      const round = await roundDetails(db, Number(parseBody(gameIdParams, request.params).gameId));
      if (!round) throw notFound('No such round');
      return ok(round);
    });
  };
}
