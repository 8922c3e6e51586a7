/**
 * The rounds table: every state change of a round is one UPDATE of its row, each in a transaction
 * of its own so that a leader's fenced database (Leadership) checks the epoch first.
 */

import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rounds } from '../db/schema';
import type { DrawnRound } from './SeedChains';
import type { RoundCaps } from '../risk/caps';

export type RoundRow = typeof rounds.$inferSelect;

/** Stores a new round in CREATED and returns its id. */
export async function insertRound(
  db: Db,
  round: DrawnRound & { createdAt: number; startsAt: number } & Partial<RoundCaps>,
): Promise<number> {
  const [row] = await db.transaction((tx) =>
    tx
      .insert(rounds)
      .values({ ...round, state: 'CREATED' })
      .returning({ id: rounds.id }),
  );
  if (!row) throw new Error('the new round was not stored');
  return row.id;
}

/**
 * CREATED -> STARTED once the bets in flight finished: it takes the round's betting lock
 * (lock_betting) exclusively. `limit` runs in the same transaction, when no bet can be placed or
 * cashed out yet, and its rate is stored as the round's limit_rate.
 */
export async function markStarted(
  db: Db,
  id: number,
  startedAt: number,
  limit: (tx: Tx) => Promise<number | null> = async () => null,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT lock_betting(${id}, true)`);
    const limitRate = await limit(tx);
    await tx
      .update(rounds)
      .set({ state: 'STARTED', startedAt, limitRate })
      .where(and(eq(rounds.id, id), eq(rounds.state, 'CREATED')));
    return limitRate;
  });
}

/** STARTED -> ENDED at the crash instant with the shown final rate. */
export async function markEnded(db: Db, id: number, endedAt: number, rateHundredths: number): Promise<void> {
  await db.transaction((tx) =>
    tx
      .update(rounds)
      .set({ state: 'ENDED', endedAt, rateHundredths })
      .where(and(eq(rounds.id, id), eq(rounds.state, 'STARTED'))),
  );
}

/** Rounds in flight, oldest first. */
export async function startedRounds(db: Db): Promise<(RoundRow & { startedAt: number })[]> {
  const rows = await db.select().from(rounds).where(eq(rounds.state, 'STARTED')).orderBy(rounds.id);
  return rows.filter((row): row is RoundRow & { startedAt: number } => row.startedAt !== null);
}

/** A voided round with the secret it now publishes. */
type VoidedRound = Pick<RoundRow, 'id' | 'fullRate' | 'hash' | 'salt'>;

/** Marks every round that is not ENDED as VOID (after the bets in flight, under each one's betting lock) and returns them, oldest first. */
export async function voidUnfinished(tx: Tx, now: number): Promise<VoidedRound[]> {
  const unfinished = inArray(rounds.state, ['CREATED', 'STARTED']);
  for (const { id } of await tx.select({ id: rounds.id }).from(rounds).where(unfinished))
    await tx.execute(sql`SELECT lock_betting(${id}, true)`);
  const rows = await tx
    .update(rounds)
    .set({ state: 'VOID', endedAt: now })
    .where(unfinished)
    .returning({ id: rounds.id, fullRate: rounds.fullRate, hash: rounds.hash, salt: rounds.salt });
  return rows.sort((a, b) => a.id - b.id);
}

/** The newest round that is not void: the one players see now. */
export async function latestRound(db: Db): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(rounds).where(ne(rounds.state, 'VOID')).orderBy(desc(rounds.id)).limit(1);
  return row;
}

/** The newest ENDED rounds (and VOID ones too when asked), newest first. */
export async function endedRounds(db: Db, limit: number, withVoid = false): Promise<RoundRow[]> {
  const finished = withVoid ? inArray(rounds.state, ['ENDED', 'VOID']) : eq(rounds.state, 'ENDED');
  return db.select().from(rounds).where(finished).orderBy(desc(rounds.id)).limit(limit);
}

/** One round by id. */
export async function findRound(db: Db, id: number): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(rounds).where(eq(rounds.id, id)).limit(1);
  return row;
}
