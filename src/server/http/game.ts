import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  HISTORY_LENGTH,
  LAST_ROUNDS_MAX,
  LEADER_PERIODS,
  ROUND_BETS_PAGE,
  type LeaderPeriod,
} from '../../shared/constants';
import type { Bet, BetWithRound, FairnessInfo, RoundDetails, RoundHistoryEntry } from '../../shared/protocol';
import type { Services } from '../services';
import { leaders, roundBets } from '../ledger/betViews';
import { findRound, latestRound, type RoundRow } from '../game/rounds';
import { gameInfo, lastRounds } from '../game/roundViews';
import { fairnessInfo, roundDetails } from '../game/fairnessViews';
import { notFound, ok, parseBody } from './errors';
import { addressLimit } from './rateLimits';
import { beforeBet, pageSize } from './schemas';
import { TtlCache } from './TtlCache';
import { maintenanceEvent, readPause } from '../ops/maintenance';
import type { OpsPause } from '../../shared/ops';

const lastQuery = z.object({ limit: pageSize(LAST_ROUNDS_MAX, HISTORY_LENGTH) });
const betsQuery = z.object({ limit: pageSize(ROUND_BETS_PAGE, ROUND_BETS_PAGE), before: beforeBet });
const leadersQuery = z.object({
  period: z
    .enum(Object.keys(LEADER_PERIODS) as [LeaderPeriod, ...LeaderPeriod[]], {
      message: `period must be one of ${Object.keys(LEADER_PERIODS).join(', ')}`,
    })
    .default('day'),
});
const gameIdParams = z.object({ gameId: z.string().regex(/^[1-9]\d{0,14}$/, 'gameId must be a round number') });

/**
 * The public game endpoints of docs/wire.md "HTTP": current round, history, bets of a round, leaders,
 * fairness. Anyone may ask them as often as they like, so none may cost the game: each answer is
 * read from the database at most once per period however many ask (what changes within a round,
 * the round and its bets, for at most a tick; the rest for PUBLIC_CACHE_MS), and each address has
 * RATE_LIMIT_PUBLIC_IP requests a minute on each route.
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
    const limited = (name: string) => ({ preHandler: addressLimit(app, `game-${name}`, rateLimits.publicPerIp) });

    app.get('/game/info', limited('info'), async () => {
      const info = gameInfo(await latest.get('latest', () => latestRound(db)), services.clock.now());
      if (!info) throw notFound('No round has started yet');
      return ok(info);
    });

    app.get('/game/last', limited('last'), async (request) => {
      const { limit } = parseBody(lastQuery, request.query);
      const rounds = await history.get('last', () => lastRounds(db, LAST_ROUNDS_MAX));
      return ok(rounds.slice(0, limit));
    });

    app.get('/game/bets/:gameId', limited('bets'), async (request) => {
      const roundId = Number(parseBody(gameIdParams, request.params).gameId);
      const { limit, before } = parseBody(betsQuery, request.query);
      const page = await betPages.get(`${roundId}:${before ?? ''}:${limit}`, async () =>
        (await findRound(db, roundId)) ? roundBets(db, roundId, limit, before) : null,
      );
      if (!page) throw notFound('No such round');
      return ok(page);
    });

    app.get('/game/leaders', limited('leaders'), async (request) => {
      const { period } = parseBody(leadersQuery, request.query);
      return ok(await leaderboard.get(period, () => leaders(db, Date.now(), period)));
    });

    app.get('/game/status', limited('status'), async () =>
      ok({ maintenance: maintenanceEvent(await status.get('status', () => readPause(db))) }),
    );

    app.get('/game/fairness', limited('fairness'), async () =>
      ok(await fairness.get('fairness', () => fairnessInfo(db))),
    );

    app.get('/game/round/:gameId', limited('round'), async (request) => {
      const roundId = Number(parseBody(gameIdParams, request.params).gameId);
      const round = await details.get(String(roundId), () => roundDetails(db, roundId));
      if (!round) throw notFound('No such round');
      return ok(round);
    });
  };
}
