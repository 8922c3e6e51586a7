import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';

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
 * The ledger: one row per transfer, every coin's move from one account to another
 * (docs/architecture.md "Money"). `accountId` is credited `delta` and `houseAccount`, a house
 * account (house_accounts, negative ids), is debited it; a negative delta runs the other way. A
 * player's transfer names the player in `accountId` with the player's balance after it; a transfer
 * between two house accounts names the credited one there (negative) and has no `balanceAfter`.
 * (kind, ref) makes each move happen once, and the kind fixes the house account
 * (src/server/betting/transferKinds.ts).
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
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    houseAccount: bigint('house_account', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('ledger_entries_kind_ref').on(t.kind, t.ref),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    /** A house account's transfers over a period: the house's result of a day, an operator's credits. */
    index('ledger_entries_house_idx').on(t.houseAccount, t.createdAt),
    check('ledger_entries_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
    check('ledger_entries_house_side', sql`${t.houseAccount} < 0`),
  ],
);

/**
 * The house's own accounts (src/server/betting/transferKinds.ts lists them; every start writes
 * them). Their ids are negative, so one id names any account, a player's or the house's.
 */
export const houseAccounts = pgTable('house_accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull().unique(),
  about: text('about').notNull(),
});

/**
 * A house account's balance, in stripes: a transfer with a player moves the stripe of the
 * player's id (modulo the stripe count), so concurrent bets of different players rarely wait for
 * the same row. The account's balance is the sum of its stripes; with the players' balances every
 * balance sums to zero. No CHECK: a house account may be negative (the house wallet's is).
 */
export const houseBalances = pgTable(
  'house_balances',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    stripe: integer('stripe').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.stripe] })],
);
