import type { FastifyInstance } from 'fastify';
import { LAST_ROUNDS_MAX } from '../../shared/constants';
import type { Bet, BetWithRound, FairnessInfo, RoundDetails, RoundHistoryEntry } from '../../shared/protocol';
import type { Services } from '../services';
import { leaders, roundBets } from '../ledger/betViews';
import { findRound, latestRound, type RoundRow } from '../game/rounds';
import { gameInfo, lastRounds } from '../game/roundViews';
import { fairnessInfo, roundDetails } from '../game/fairnessViews';
import { notFound } from './errors';
import { callerLimits } from './rateLimits';
import { route } from './route';
import { TtlCache } from './TtlCache';
import { maintenanceEvent, readPause } from '../ops/maintenance';
import type { OpsPause } from '../../shared/ops';

/**
 * The public game endpoints of docs/wire.md "HTTP": current round, history, bets of a round, leaders,
 * fairness. Anyone may ask them, so none may cost the game: each answer is
 * read from the database at most once per period however many ask (what changes within a round,
 * the round and its bets, for at most a tick; the rest for PUBLIC_CACHE_MS), and each route has
 * RATE_LIMIT_PUBLIC_IP requests a minute per address for visitors, RATE_LIMIT_ACCOUNT per signed-in player.
 */
export function gameRoutes(services: Services) {
  const { db } = services.database;
  const { publicCacheMs, tickMs, rateLimits } = services.config;
  const liveMs = Math.min(publicCacheMs, tickMs);
  const latest = new TtlCache<RoundRow | undefined>(liveMs);
  const history = new TtlCache<RoundHistoryEntry[]>(publicCacheMs);
  const betPages = new TtlCache<Bet[] | null>(liveMs);
  const leaderboard = new TtlCache<BetWithRound[]>(publicCacheMs);
  const fairness = new TtlCache<FairnessInfo>(publicCacheMs);
  const details = new TtlCache<RoundDetails | null>(liveMs);
  const status = new TtlCache<OpsPause | null>(publicCacheMs);
  return async (app: FastifyInstance): Promise<void> => {
    const limited = (name: string) => callerLimits(app, `game-${name}`, rateLimits.publicPerIp, rateLimits.perAccount);

    route(app, 'GET /game/info', limited('info'), async () => {
      const info = gameInfo(await latest.get('latest', () => latestRound(db)), services.clock.now());
      if (!info) throw notFound('No round has started yet');
      return info;
    });

    route(app, 'GET /game/last', limited('last'), async ({ query }) => {
      const rounds = await history.get('last', () => lastRounds(db, LAST_ROUNDS_MAX));
      return rounds.slice(0, query.limit);
    });

    route(app, 'GET /game/bets/:gameId', limited('bets'), async ({ params, query }) => {
      const roundId = Number(params.gameId);
      const { limit, before } = query;
      const page = await betPages.get(`${roundId}:${before ?? ''}:${limit}`, async () =>
        (await findRound(db, roundId)) ? roundBets(db, roundId, limit, before) : null,
      );
      if (!page) throw notFound('No such round');
      return page;
    });

    route(app, 'GET /game/leaders', limited('leaders'), async ({ query }) =>
      leaderboard.get(query.period, () => leaders(db, Date.now(), query.period)),
    );

    route(app, 'GET /game/status', limited('status'), async () => ({
      maintenance: maintenanceEvent(await status.get('status', () => readPause(db))),
    }));

    route(app, 'GET /game/fairness', limited('fairness'), async () => fairness.get('fairness', () => fairnessInfo(db)));

    route(app, 'GET /game/round/:gameId', limited('round'), async ({ params }) => {
      const roundId = Number(params.gameId);
      const round = await details.get(String(roundId), () => roundDetails(db, roundId));
      if (!round) throw notFound('No such round');
      return round;
    });
  };
}
