/**
 * GET /user/stats (docs/wire.md "GET /user/stats"): a player's results computed in the database,
 * never by loading the bets into Node. A bet counts once its result is known: cashed out
 * (CASHED_OUT) or lost (still CREATED when its round ENDED); canceled, voided and open bets moved
 * no coins for good.
 */

import { sql } from 'drizzle-orm';
import type { PlayerStats } from '../../shared/protocol';
import { queryRows, type Db } from '../db/client';

/** The most points of the per-bet curve: a player with more bets gets every k-th one, and the last. */
export const STATS_POINTS = 1000;
const DAY_MS = 86_400_000;

type Num = number | string | null;
const num = (value: Num) => (value === null ? null : Number(value));

interface StatsRow extends Record<string, unknown> {
  totals: { bets: Num; wagered: Num; net: Num; biggest_win: Num; biggest_rate: Num };
  curve: { n: Num; time: Num; net: Num }[] | null;
  days: { day: Num; net: Num; bets: Num }[] | null;
}

export async function playerStats(db: Db, accountId: number): Promise<PlayerStats> {
  // One statement: the player's settled bets are read once and give the totals and both curves.
  const [row] = await queryRows<StatsRow>(
    db,
    sql`
      WITH settled AS MATERIALIZED (
        SELECT b.id, coalesce(b.settled_at, r.ended_at) AS time, b.amount,
               CASE WHEN b.status = 'CASHED_OUT' THEN b.win_amount - b.amount ELSE -b.amount END AS profit,
               CASE WHEN b.status = 'CASHED_OUT' THEN b.rate END AS cashed_at
        FROM bets b JOIN rounds r ON r.id = b.round_id
        WHERE b.account_id = ${accountId}
          AND (b.status = 'CASHED_OUT' OR (b.status = 'CREATED' AND r.state = 'ENDED'))
      ),
      running AS (
        SELECT time, sum(profit) OVER (ORDER BY id ROWS UNBOUNDED PRECEDING) AS net,
               row_number() OVER (ORDER BY id) AS n
        FROM settled
      ),
      step AS (SELECT count(*) AS total, ceil(count(*) / ${STATS_POINTS}::numeric)::bigint AS every FROM settled)
      SELECT
        (SELECT json_build_object(
           'bets', count(*), 'wagered', coalesce(sum(amount), 0), 'net', coalesce(sum(profit), 0),
           'biggest_win', max(profit) FILTER (WHERE cashed_at IS NOT NULL), 'biggest_rate', max(cashed_at))
         FROM settled) AS totals,
        (SELECT json_agg(json_build_object('n', n, 'time', time, 'net', net) ORDER BY n)
         FROM running, step WHERE n % every = 0 OR n = total) AS curve,
        (SELECT json_agg(json_build_object('day', day, 'net', net, 'bets', bets) ORDER BY day)
         FROM (SELECT time / ${DAY_MS} * ${DAY_MS} AS day, sum(profit) AS net, count(*) AS bets
               FROM settled GROUP BY 1) per_day) AS days`,
  );
  const { totals, curve, days } = row!;
  const biggestRate = num(totals.biggest_rate);
  return {
    bets: Number(totals.bets),
    wagered: Number(totals.wagered),
    net: Number(totals.net),
    biggestWin: num(totals.biggest_win),
    biggestRate: biggestRate === null ? null : biggestRate / 100,
    perBet: (curve ?? []).map((point) => ({ bet: Number(point.n), time: Number(point.time), net: Number(point.net) })),
    perDay: (days ?? []).map((day) => ({ day: Number(day.day), net: Number(day.net), bets: Number(day.bets) })),
  };
}
