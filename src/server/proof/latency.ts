/** GET /fairness/latency: the last hour's cash-out latency over all players (docs/provably-fair.md "Receipts"). */

import { sql } from 'drizzle-orm';
import { GROWTH_PER_MS } from '../../shared/constants';
import type { CashOutLatency } from '../../shared/protocol';
import { queryRows, type Db } from '../db/client';

const HOUR_MS = 3600_000;

/**
 * p50 and p99 of the gap between the rate each paid cash-out by hand saw and the one it got, as ms
 * of flight: ln(accepted / seen) / GROWTH_PER_MS, the same as src/shared/growth.ts `latencyMs`.
 */
export async function cashOutLatency(db: Db, now: number): Promise<CashOutLatency> {
  const since = now - HOUR_MS;
  const [row] = await queryRows<{ count: number; p50: number | null; p99: number | null }>(
    db,
    sql`WITH gaps AS (
          SELECT ln(accepted_rate::float8 / seen_rate) / ${GROWTH_PER_MS}::float8 AS ms FROM cash_out_presses
          WHERE received_at >= ${since}::bigint AND seen_rate IS NOT NULL AND accepted_rate IS NOT NULL)
        SELECT count(*)::int AS count,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
               percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99
        FROM gaps`,
  );
  const round = (ms: number | null) => (ms === null ? null : Math.round(Number(ms)));
  return { since, count: row!.count, p50Ms: round(row!.p50), p99Ms: round(row!.p99) };
}
