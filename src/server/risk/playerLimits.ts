/**
 * A player's own limits, reality check and self-exclusion (docs/architecture.md "House limits"). The database
 * enforces them where coins are staked or deposited (src/server/betting/limit_refusal.sql); this reads and
 * changes them. Lowering a limit applies at once; raising or removing it waits 24 hours.
 */

import { and, eq, sql } from 'drizzle-orm';
import {
  LIMIT_NAMES,
  limitOf,
  type ExclusionDuration,
  type LimitName,
  type LimitPeriod,
  type PlayerLimits,
  type PlayerLimitsUpdate,
  type RealityCheckMinutes,
  type SessionResult,
} from '../../shared/protocol';
import { formatCoins } from '../../shared/money';
import { queryRows, type Db, type Tx } from '../db/client';
import { exclusions, playerLimits, realityChecks } from '../db/schema';
import { Refusal } from '../Refusal';

/** How long a raise or a removal of a limit waits before it applies. */
export const RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

const EXCLUSION_MS: Record<Exclusive<ExclusionDuration>, number> = {
  '24h': 24 * 60 * 60 * 1000,
  '7d': 7 * 24 * 60 * 60 * 1000,
  '30d': 30 * 24 * 60 * 60 * 1000,
};
type Exclusive<T> = Exclude<T, 'permanent'>;

/** What limit_refusal answers when coins may not be staked or deposited. */
export type LimitRefusalJson =
  | { refused: 'blocked'; reason: string }
  | { refused: 'excluded'; until: number | null }
  | { refused: 'player_limit'; limit: LimitName; amount: number; resets: number };

/** What a blocked player reads when a bet or a deposit is refused, before the operator's reason (docs/ops.md). */
const BLOCKED_PREFIX = 'Your account is blocked: ';

/** The refusal a player reads for limit_refusal's answer. */
export function limitRefusal(json: LimitRefusalJson): Refusal {
  if (json.refused === 'blocked')
    return new Refusal('forbidden', `${BLOCKED_PREFIX}${json.reason}`, { code: 'blocked', params: { reason: json.reason } });
  if (json.refused === 'excluded') return excluded(json.until);
  const { kind, period } = limitOf(json.limit);
  return new Refusal(
    'conflict',
    `This would pass your ${PERIOD_ADJECTIVES[period]} ${kind} limit of ${formatCoins(json.amount)} coins; it resets ${utc(json.resets)}`,
    { code: 'playerLimit', params: { limit: json.limit, amount: json.amount, resets: json.resets } },
  );
}

const PERIOD_ADJECTIVES: Record<LimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** The 403 of a self-excluded player, with its end. */
function excluded(until: number | null): Refusal {
  return until === null
    ? new Refusal('forbidden', 'You have excluded yourself from play permanently', { code: 'excludedForever' })
    : new Refusal('forbidden', `You have excluded yourself from play until ${utc(until)}`, {
        code: 'excluded',
        params: { until },
      });
}

/** "2026-11-26 08:30 UTC". */
function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The player's limits, raises still waiting, self-exclusion and reality check, as of `now`. */
export async function readLimits(db: Db | Tx, accountId: number, now: number): Promise<PlayerLimits> {
  const rows = await db
    .select({
      name: playerLimits.name,
      inForce:
        sql`limit_in_force(${playerLimits.amount}, ${playerLimits.pendingAmount}, ${playerLimits.pendingAt}, ${now}::bigint)`.mapWith(
          (value: string | number | null) => (value === null ? null : Number(value)),
        ),
      pendingAmount: playerLimits.pendingAmount,
      pendingAt: playerLimits.pendingAt,
    })
    .from(playerLimits)
    .where(eq(playerLimits.accountId, accountId));
  const limits = Object.fromEntries(LIMIT_NAMES.map((name) => [name, null])) as PlayerLimits['limits'];
  const pending: PlayerLimits['pending'] = {};
  for (const row of rows) {
    const name = row.name as LimitName;
    limits[name] = row.inForce;
    if (row.pendingAt !== null && row.pendingAt > now) pending[name] = { amount: row.pendingAmount, at: row.pendingAt };
  }
  const exclusion = await exclusionOf(db, accountId, now);
  const [check] = await db.select().from(realityChecks).where(eq(realityChecks.accountId, accountId));
  return {
    limits,
    pending,
    exclusion: exclusion && { until: exclusion.until },
    realityCheckMinutes: (check?.minutes ?? 0) as RealityCheckMinutes,
    timeZone: 'UTC',
  };
}

async function exclusionOf(db: Db | Tx, accountId: number, now: number) {
  const [row] = await db
    .select()
    .from(exclusions)
    .where(
      and(eq(exclusions.accountId, accountId), sql`(${exclusions.until} IS NULL OR ${exclusions.until} > ${now})`),
    );
  return row ?? null;
}

/**
 * Changes limits (in hundredths; null removes one) and the reality check. A lower limit applies
 * at once and drops a waiting raise; a higher one or a removal waits RAISE_DELAY_MS. A
 * self-excluded player may lower limits but not raise or remove them.
 */
export async function updateLimits(
  db: Db,
  accountId: number,
  update: PlayerLimitsUpdate,
  now: number,
): Promise<PlayerLimits> {
  return db.transaction(async (tx) => {
    // One change at a time per player: the account's row lock.
    await tx.execute(sql`SELECT 1 FROM accounts WHERE id = ${accountId} FOR UPDATE`);
    const current = await readLimits(tx, accountId, now);
    for (const name of LIMIT_NAMES) {
      if (!(name in update)) continue;
      const wanted = update[name] ?? null;
      const inForce = current.limits[name];
      const lower = wanted !== null && (inForce === null || wanted <= inForce);
      if (!lower && current.exclusion) throw excluded(current.exclusion.until);
      const row = lower
        ? { amount: wanted, pendingAmount: null, pendingAt: null }
        : { amount: inForce, pendingAmount: wanted, pendingAt: now + RAISE_DELAY_MS };
      await tx
        .insert(playerLimits)
        .values({ accountId, name, ...row })
        .onConflictDoUpdate({ target: [playerLimits.accountId, playerLimits.name], set: row });
    }
    if (update.realityCheckMinutes !== undefined)
      await tx
        .insert(realityChecks)
        .values({ accountId, minutes: update.realityCheckMinutes })
        .onConflictDoUpdate({ target: realityChecks.accountId, set: { minutes: update.realityCheckMinutes } });
    return readLimits(tx, accountId, now);
  });
}

/**
 * Self-exclusion for `duration` from now. It can only be lengthened: a shorter one than in force
 * changes nothing, and a permanent one never ends.
 */
export async function excludeSelf(
  db: Db,
  accountId: number,
  duration: ExclusionDuration,
  now: number,
): Promise<PlayerLimits> {
  const until = duration === 'permanent' ? null : now + EXCLUSION_MS[duration];
  await db
    .insert(exclusions)
    .values({ accountId, until, createdAt: now })
    .onConflictDoUpdate({
      target: exclusions.accountId,
      // The later end wins, and a permanent one (NULL) stays.
      set: {
        until: sql`CASE WHEN ${exclusions.until} IS NULL OR excluded.until IS NULL THEN NULL
          ELSE greatest(${exclusions.until}, excluded.until) END`,
        createdAt: now,
      },
    });
  return readLimits(db, accountId, now);
}

/** Refuses a deposit of `hundredths` that would pass a deposit limit or comes from a self-excluded player. */
export async function checkDeposit(db: Db | Tx, accountId: number, hundredths: bigint, now: number): Promise<void> {
  const refusal = await depositRefusal(db, accountId, hundredths, now);
  if (refusal) throw limitRefusal(refusal);
}

/** Why a deposit of `hundredths` may not be credited now (a block, a self-exclusion, a deposit limit), or null. */
export async function depositRefusal(
  db: Db | Tx,
  accountId: number,
  hundredths: bigint,
  now: number,
): Promise<LimitRefusalJson | null> {
  const [row] = await queryRows<{ refusal: LimitRefusalJson | null }>(
    db,
    sql`SELECT limit_refusal(${accountId}, 'deposit', ${hundredths}::bigint, ${now}::bigint) AS refusal`,
  );
  return row?.refusal ?? null;
}

/** The player's bets placed since `since` (ms): how many, and their net result in hundredths: what a loss limit counts, negated. */
export async function sessionResult(db: Db, accountId: number, since: number): Promise<SessionResult> {
  const [row] = await queryRows<{ bets: string | number; net: string | number }>(
    db,
    sql`SELECT (SELECT count(*) FROM bets WHERE account_id = ${accountId} AND created_at >= ${since}::bigint
                  AND status IN ('CREATED', 'CASHED_OUT')) AS bets,
               -limit_used(${accountId}, 'loss', ${since}::bigint) AS net`,
  );
  return { bets: Number(row?.bets ?? 0), net: Number(row?.net ?? 0) };
}
