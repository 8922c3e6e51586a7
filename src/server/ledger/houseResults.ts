/**
 * The house's results, read from the transfers (docs/architecture.md "Money"): of a round, of a
 * period, and the operators' manual credits. The console's figures come from here.
 */

import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { HOUSE_ACCOUNTS, PLAYER_KINDS } from '../betting/transferKinds';

const { game, manual } = HOUSE_ACCOUNTS;
/** The kinds of transfer with the game account: each names its bet by ref. */
const GAME_KINDS = Object.entries(PLAYER_KINDS)
  .filter(([, account]) => account === 'game')
  .map(([kind]) => kind);

type Num = string | number;

/**
 * The house's result of each round (stakes in minus wins, cancels and refunds out, in hundredths;
 * negative when the house lost): the sum of its bets' transfers with the game account. Rounds
 * with no bet are absent.
 */
export async function roundResults(db: Db, roundIds: number[]): Promise<Map<number, number>> {
  if (roundIds.length === 0) return new Map();
  const rows = await queryRows<{ round_id: Num; result: Num }>(
    db,
    sql`SELECT b.round_id, -SUM(l.delta) AS result
        FROM bets b JOIN ledger_entries l
          ON l.kind IN ${sql.raw(`(${GAME_KINDS.map((kind) => `'${kind}'`).join(', ')})`)} AND l.ref = b.id::text
        WHERE b.round_id IN ${sql.raw(`(${roundIds.map(Number).join(', ')})`)} AND l.house_account = ${game.id}
        GROUP BY b.round_id`,
  );
  return new Map(rows.map((row) => [Number(row.round_id), Number(row.result)]));
}

/** What the house's accounts took in over [from, to) (ms), in hundredths. */
interface PeriodResult {
  /** The game account's net: stakes in minus wins, cancels and refunds out. */
  game: number;
  /** Operators' manual credits to players (out of the manual account). */
  manualCredits: number;
  /** Operators' manual debits of players (into it). */
  manualDebits: number;
}

export async function periodResult(db: Db, from: number, to: number): Promise<PeriodResult> {
  const [row] = await queryRows<{ game: Num; credits: Num; debits: Num }>(
    db,
    sql`SELECT COALESCE(-SUM(delta) FILTER (WHERE house_account = ${game.id}), 0) AS game,
               COALESCE(SUM(delta) FILTER (WHERE house_account = ${manual.id} AND delta > 0), 0) AS credits,
               COALESCE(-SUM(delta) FILTER (WHERE house_account = ${manual.id} AND delta < 0), 0) AS debits
        FROM ledger_entries
        WHERE house_account IN (${game.id}, ${manual.id}) AND created_at >= ${from} AND created_at < ${to}`,
  );
  return {
    game: Number(row?.game ?? 0),
    manualCredits: Number(row?.credits ?? 0),
    manualDebits: Number(row?.debits ?? 0),
  };
}

/**
 * The manual credits to players since `from` (ms) by each operator, in hundredths: the transfers
 * out of the manual account, each named by the audit row its ref is (docs/ops.md).
 */
export async function manualCreditsBy(db: Db, from: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ actor: string; credited: Num }>(
    db,
    sql`SELECT a.actor, SUM(l.delta) AS credited
        FROM ledger_entries l JOIN ops_audit a ON l.ref ~ '^[0-9]{1,18}$' AND a.id = l.ref::bigint
        WHERE l.house_account = ${manual.id} AND l.kind = 'manual' AND l.delta > 0 AND l.created_at >= ${from}
        GROUP BY a.actor`,
  );
  return new Map(rows.map((row) => [row.actor, Number(row.credited)]));
}
