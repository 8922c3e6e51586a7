import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { LimitRefusalJson } from '../../risk/playerLimits';
import { accounts } from './accounts';

/**
 * A deposit from prepare to credit. `depositId` is the token the client pays against; the
 * transaction's `signature` is set when it is submitted and is unique, so one transaction can
 * never pay two intents. status: pending, credited or failed ('expired' is read from expiresAt);
 * held when its SOL arrived but the player's limits, self-exclusion or block refused the credit
 * (failReason says which), then returned once the house's transfer back (`return*`) finalized.
 */
export const depositIntents = pgTable(
  'deposit_intents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    depositId: text('deposit_id').notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    /** Coins credited, in hundredths, fixed at prepare time. */
    hundredths: bigint('hundredths', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('pending'),
    signature: text('signature').unique(),
    /** An upper bound of the transaction's last valid block height: past it, an unseen transaction never lands. */
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'bigint' }),
    failReason: text('fail_reason'),
    /** A held deposit's refusal as limit_refusal answered it, so the player reads it in their language. */
    holdRefusal: jsonb('hold_refusal').$type<LimitRefusalJson>(),
    /** A held deposit's transfer back to the sender, signed and stored before it is sent (as a withdrawal's). */
    returnSignature: text('return_signature').unique(),
    returnWire: text('return_wire'),
    returnLastValidBlockHeight: bigint('return_last_valid_block_height', { mode: 'bigint' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    settledAt: bigint('settled_at', { mode: 'number' }),
  },
  (t) => [
    index('deposit_intents_account_idx').on(t.accountId),
    index('deposit_intents_status_idx').on(t.status),
    check('deposit_intents_status_known', sql`${t.status} in ('pending', 'credited', 'failed', 'held', 'returned')`),
    check('deposit_intents_amount_positive', sql`${t.lamports} > 0 and ${t.hundredths} > 0`),
  ],
);

/**
 * A withdrawal: its coins are held from the moment the row exists. The signed transfer (`wire`,
 * base64) and its signature are stored before it is first sent, so a restart resends the same
 * bytes instead of signing a second transfer. status: review (held for an operator, unsigned: docs/ops.md),
 * pending, confirmed or failed (hold released; failReason says why, an operator's rejection included).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    wallet: text('wallet').notNull(),
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    hundredths: bigint('hundredths', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('pending'),
    signature: text('signature').unique(),
    wire: text('wire'),
    blockhash: text('blockhash'),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'bigint' }),
    failReason: text('fail_reason'),
    /** Why it waits for an operator (docs/ops.md "Withdrawal review"); null when it never did. */
    reviewReason: text('review_reason'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    settledAt: bigint('settled_at', { mode: 'number' }),
  },
  (t) => [
    index('withdrawals_account_idx').on(t.accountId),
    index('withdrawals_status_idx').on(t.status),
    check('withdrawals_status_known', sql`${t.status} in ('review', 'pending', 'confirmed', 'failed')`),
    check('withdrawals_amount_positive', sql`${t.lamports} > 0 and ${t.hundredths} > 0`),
  ],
);
