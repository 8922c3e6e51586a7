import { bigint, bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row per seed chain (docs/provably-fair.md "The scheme"). `commitment` is s_0, public from the moment the row
 * exists; round i of the chain reveals s_i. `sealedCheckpoints` holds the secret links
 * s_K, s_2K, ..., s_N (s_N last), encrypted with the seed key, so finding any round's seed takes
 * at most K - 1 hashes and a database copy alone does not reveal future rounds.
 */
export const seedChains = pgTable('seed_chains', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** s_0 in hex. */
  commitment: text('commitment').notNull(),
  /** N: the chain gives rounds 1..N. */
  length: integer('length').notNull(),
  /** K: a checkpoint every K links. */
  checkpointEvery: integer('checkpoint_every').notNull(),
  /** base64 of iv + AES-256-GCM ciphertext and tag of the checkpoints' 32-byte values, in order. */
  sealedCheckpoints: text('sealed_checkpoints').notNull(),
  /** The public value mixed into every crash point; null until it is known (a future block). */
  clientSeed: text('client_seed'),
  /** Where the client seed comes from, in words anyone can check. */
  clientSeedSource: text('client_seed_source').notNull(),
  /** The Solana slot announced with the commitment (real clusters), whose block gives the client seed. */
  clientSeedSlot: bigint('client_seed_slot', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
