import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, unique } from 'drizzle-orm/pg-core';

/**
 * A player. `balance` is integer hundredths and can never go below zero: the CHECK backs up the
 * guarded update of move_balances (src/server/betting/move_balances.sql). A player signs in with a wallet, an email and password, or both.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wallet: text('wallet').unique(),
    email: text('email').unique(),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    /** Shown to the player as `email` in the profile: their referral code, never an address. */
    referralCode: text('referral_code').notNull().unique(),
    /** The account whose referral code brought this player, recorded at the first sign-in. */
    referredBy: bigint('referred_by', { mode: 'number' }),
    telegramId: text('telegram_id'),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** Set by an operator (docs/ops.md): the player may sign in, look and withdraw, but not bet or deposit. */
    blockedReason: text('blocked_reason'),
  },
  (t) => [check('accounts_balance_not_negative', sql`${t.balance} >= 0`)],
);

/**
 * One row per balance change, with the balance after it; (kind, ref) makes each move happen once.
 * `accountId` has no foreign key on purpose: the one writer, move_balances, inserts a row only for
 * the account whose balance the same statement has just updated (and locked), and accounts are never deleted, so the
 * key's per-row check only re-read that row, at about 20 µs a row (migration 0008). ledger:check
 * reports a row whose account does not exist.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    delta: bigint('delta', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('ledger_entries_kind_ref').on(t.kind, t.ref),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);
