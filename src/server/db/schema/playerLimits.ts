import { bigint, check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts';

/**
 * A player's own limits (docs/architecture.md "House limits"), one row per limit they set: `name` is
 * deposit|loss|wager + Daily|Weekly|Monthly, `amount` in hundredths (null: none). A raise or a
 * removal waits 24 hours: it is kept in `pendingAmount` until `pendingAt`, when it replaces `amount`.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    amount: bigint('amount', { mode: 'number' }),
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    /** When the pending raise or removal applies (ms); null: none is pending. */
    pendingAt: bigint('pending_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
);

/** Self-exclusion (docs/architecture.md "House limits"): no bet, deposit or raise until `until` (ms); null `until` is permanent. */
export const exclusions = pgTable('exclusions', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  until: bigint('until', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/** The reality check's interval a player chose (docs/architecture.md "House limits"): 0 (off), 15, 30 or 60 minutes. */
export const realityChecks = pgTable(
  'reality_checks',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .primaryKey()
      .references(() => accounts.id),
    minutes: integer('minutes').notNull(),
  },
  (t) => [check('reality_checks_minutes', sql`${t.minutes} IN (0, 15, 30, 60)`)],
);
