import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Sign-In-With-Solana inputs handed out by GET /auth/nonce; each is used at most once. */
export const signInNonces = pgTable(
  'sign_in_nonces',
  {
    nonce: text('nonce').primaryKey(),
    address: text('address').notNull(),
    /** The exact text the wallet must sign. */
    message: text('message').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sign_in_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each refresh uses its row and issues the next in the
 * same family; a used token presented again revokes the whole family (it was stolen). A family is
 * one signed-in device: its access tokens name it and stop working once its rows are gone.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    family: text('family').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    usedAt: bigint('used_at', { mode: 'number' }),
    /** Who used it (a hash of address and user agent): only they get the grace window. */
    usedBy: text('used_by'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family)],
);

/** Wrong passwords per email (known or not): past a few, each try waits longer (passwordSignIn.ts). */
export const passwordFailures = pgTable(
  'password_failures',
  {
    /** The normalized email. */
    login: text('login').primaryKey(),
    failures: integer('failures').notNull(),
    /** No try is taken before this instant (ms). */
    lockedUntil: bigint('locked_until', { mode: 'number' }).notNull(),
    lastFailedAt: bigint('last_failed_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('password_failures_last_idx').on(t.lastFailedAt)],
);

/** The first answer to a create call with an Idempotency-Key, replayed for repeats of that key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    key: text('key').notNull(),
    /** Method, path and body hash: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: bigint('status', { mode: 'number' }),
    response: jsonb('response'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Each sign-in of a player, with the address it came from: the operator's console shows them (docs/ops.md). */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    address: text('address').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sign_ins_account_idx').on(t.accountId, t.id)],
);
