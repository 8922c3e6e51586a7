/**
 * The maintenance pause (docs/ops.md "Pause"): a row in the database, so every gateway and the
 * leading engine of a cluster read the same answer. The engine creates no round while it exists;
 * the round in flight finishes and settles as usual.
 */

import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { maintenance } from '../db/schema';
import type { MaintenanceEvent, OpsPause } from '../../shared/ops';

const ROW = 1;

/** The pause in force, or null. */
export async function readPause(db: Db | Tx): Promise<OpsPause | null> {
  const [row] = await db.select().from(maintenance).where(eq(maintenance.id, ROW));
  return row ? { reason: row.reason, since: new Date(row.since).toISOString(), by: row.by } : null;
}

/** Pauses (or, already paused, replaces the reason); returns the pause before and after. */
export async function setPause(
  tx: Tx,
  reason: string,
  by: string,
): Promise<{ before: OpsPause | null; after: OpsPause }> {
  const before = await readPause(tx);
  const since = before ? Date.parse(before.since) : Date.now();
  await tx
    .insert(maintenance)
    .values({ id: ROW, reason, since, by })
    .onConflictDoUpdate({ target: maintenance.id, set: { reason, by } });
  return { before, after: { reason, since: new Date(since).toISOString(), by } };
}

/** Ends the pause; returns the one it ended (null: there was none). */
export async function clearPause(tx: Tx): Promise<OpsPause | null> {
  const before = await readPause(tx);
  await tx.delete(maintenance).where(eq(maintenance.id, ROW));
  return before;
}

/** What players are told on /topic/maintenance and GET /game/status. */
export function maintenanceEvent(pause: OpsPause | null): MaintenanceEvent {
  return pause ? { paused: true, reason: pause.reason } : { paused: false };
}
