import { bigint, bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bets } from './bets';
import { rounds } from './rounds';

/**
 * Proof of settlement (docs/provably-fair.md "Settlement roots"): written once, beside the money
 * tables and never by the money SQL. A round's root over its settled bets, computed when it ends or
 * is voided; `leafHashes` keeps every leaf hash as it was then (hex, 64 characters each, in bet id
 * order), so a proof of one bet still holds when another bet's row was changed afterwards.
 */
export const settlementRoots = pgTable('settlement_roots', {
  roundId: bigint('round_id', { mode: 'number' })
    .primaryKey()
    .references(() => rounds.id),
  root: text('root').notNull(),
  treeSize: integer('tree_size').notNull(),
  leafHashes: text('leaf_hashes').notNull(),
  computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
});

/** A root of the round roots of rounds fromRound..toRound, written to the chain in a memo transaction. */
export const settlementAnchors = pgTable(
  'settlement_anchors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromRound: bigint('from_round', { mode: 'number' }).notNull(),
    toRound: bigint('to_round', { mode: 'number' }).notNull(),
    root: text('root').notNull(),
    /** How many round roots the anchor covers (rounds without bets included). */
    rounds: integer('rounds').notNull(),
    /** The memo text written to the chain. */
    memo: text('memo').notNull(),
    /** The memo transaction's signature (base58). */
    signature: text('signature').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('settlement_anchors_to_idx').on(t.toRound)],
);

/** The receipt signing keys, public halves only (the private key is a secret, docs/operations.md "Settings"). */
export const receiptKeys = pgTable('receipt_keys', {
  /** The first 16 hex digits of SHA-256 of the public key. */
  id: text('id').primaryKey(),
  /** base64 of the 32 raw bytes. */
  publicKey: text('public_key').notNull(),
  validFrom: bigint('valid_from', { mode: 'number' }).notNull(),
  /** When the next key replaced it; null for the key in use. */
  validUntil: bigint('valid_until', { mode: 'number' }),
});

/**
 * What a player's cash-out by hand saw and when it arrived: the multiplier the page showed when the
 * player pressed (hundredths; null when the page sent none), the server's arrival instant, and the
 * rate it was paid at (null: refused too late). One row per bet, the first press.
 */
export const cashOutPresses = pgTable(
  'cash_out_presses',
  {
    betId: bigint('bet_id', { mode: 'number' })
      .primaryKey()
      .references(() => bets.id),
    seenRate: integer('seen_rate'),
    acceptedRate: integer('accepted_rate'),
    receivedAt: bigint('received_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('cash_out_presses_received_idx').on(t.receivedAt)],
);
