import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { rounds } from './rounds';

/**
 * A bet's stored status: CREATED while open (and after a lost round: `winAmount` stays null),
 * CASHED_OUT once cashed out (the wire's REFUNDED, see betRows.ts `toBet`), CANCELED before the
 * start, VOID when its round was voided.
 */
export type BetStatus = 'CREATED' | 'CASHED_OUT' | 'CANCELED' | 'VOID';

/** A bet on a round. */
export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => rounds.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<BetStatus>().notNull(),
    /** The player's auto cash-out target in hundredths (null: cash out by hand). */
    autoRate: integer('auto_rate'),
    /** Where the server cashes the bet out: the target or the MAX_WIN rate, whichever is lower. */
    cashoutAt: integer('cashout_at').notNull(),
    /** The cash-out rate in hundredths. */
    rate: integer('rate'),
    winAmount: bigint('win_amount', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    settledAt: bigint('settled_at', { mode: 'number' }),
  },
  (t) => [
    // No index names status or settled_at, the columns a settlement writes, so that the one update
    // of a bet's life (cash-out, tick, cancel, void) is a HOT update: it adds no index entries
    // (migration 0008, which also leaves room for it on every page with fillfactor 70).
    /** A round's bets, and its auto cash-outs in target order for the ticks. */
    index('bets_round_idx').on(t.roundId, t.cashoutAt),
    index('bets_account_idx').on(t.accountId, t.id),
    /** A player's bets since an instant: a wager or loss limit reads its period's bets only, not the player's whole past. */
    index('bets_account_time_idx').on(t.accountId, t.createdAt),
    /** A player's bets in a round: the two-bet limit counts the open ones on every bet. */
    index('bets_open_idx').on(t.accountId, t.roundId),
    check('bets_status_known', sql`${t.status} in ('CREATED', 'CASHED_OUT', 'CANCELED', 'VOID')`),
  ],
);
