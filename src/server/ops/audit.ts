/**
 * The operators' audit log (docs/ops.md "Audit"): one append-only row per action, written inside
 * the action's own transaction; once it commits the row is sent to /topic/ops/audit.
 */

import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { opsAudit } from '../db/schema';
import type { OpsAuditRow, OpsPage } from '../../shared/ops';
import { OPS_DESTINATIONS } from '../../shared/ops';
import type { EventBus } from '../bus/EventBus';

type AuditAction =
  | 'sign_in'
  | 'logout'
  | 'pause'
  | 'resume'
  | 'approve'
  | 'reject'
  | 'block'
  | 'unblock'
  | 'adjust'
  | 'credit_request'
  | 'credit_reject'
  | 'operator_add'
  | 'operator_disable'
  | 'operator_enable'
  | 'chat_delete'
  | 'chat_mute'
  | 'chat_unmute'
  | 'chat_slow'
  | 'chat_export';

interface AuditEntry {
  actor: string;
  action: AuditAction;
  target?: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  /** The client's address; null for the command line. */
  address: string | null;
}

type AuditRecord = typeof opsAudit.$inferSelect;
/** Writes one audit row into the action's transaction. */
export type AuditWriter = (entry: AuditEntry) => Promise<AuditRecord>;

function auditView(row: AuditRecord): OpsAuditRow {
  return {
    ...{ id: String(row.id), actor: row.actor, action: row.action, target: row.target, reason: row.reason },
    ...{
      before: row.before ?? null,
      after: row.after ?? null,
      address: row.address,
      at: new Date(row.at).toISOString(),
    },
  };
}

/**
 * Runs `work` in one transaction with an `audit` that writes rows into it; the rows go out on the
 * bus once it commits. The command line has no bus (null): the console lists its rows on its next GET audit.
 */
export async function audited<T>(
  db: Db,
  bus: EventBus | null,
  work: (tx: Tx, audit: AuditWriter) => Promise<T>,
): Promise<T> {
  const written: AuditRecord[] = [];
  const result = await db.transaction((tx) =>
    work(tx, async (entry) => {
      const [row] = await tx
        .insert(opsAudit)
        .values({ ...entry, before: entry.before ?? null, after: entry.after ?? null, at: Date.now() })
        .returning();
      written.push(row!);
      return row!;
    }),
  );
  for (const row of written) bus?.publish(OPS_DESTINATIONS.audit, JSON.stringify(auditView(row)));
  return result;
}

interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  before?: number;
  limit: number;
}

/** Newest first, filtered by exact actor, action and target; `next` continues below the last row. */
export async function listAudit(db: Db, filters: AuditFilters): Promise<OpsPage<OpsAuditRow>> {
  const where: SQL[] = [];
  if (filters.actor) where.push(eq(opsAudit.actor, filters.actor));
  if (filters.action) where.push(eq(opsAudit.action, filters.action));
  if (filters.target) where.push(eq(opsAudit.target, filters.target));
  if (filters.before) where.push(lt(opsAudit.id, filters.before));
  const rows = await db
    .select()
    .from(opsAudit)
    .where(and(...where))
    .orderBy(desc(opsAudit.id))
    .limit(filters.limit);
  return { items: rows.map(auditView), next: rows.length === filters.limit ? String(rows.at(-1)!.id) : null };
}
