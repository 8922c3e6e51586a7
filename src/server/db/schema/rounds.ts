import { bigint, bigserial, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { seedChains } from './seedChains';

/**
 * One row per round. `fullRate` and `salt` are the secret until the round has ENDED; the API
 * must never show them earlier. Times are ms timestamps.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** CREATED, STARTED, ENDED or VOID (left unfinished by a stop and refunded). */
    state: text('state').notNull(),
    hash: text('hash').notNull(),
    fullRate: doublePrecision('full_rate').notNull(),
    salt: text('salt').notNull(),
    /** The shown final rate in hundredths, set when ENDED. */
    rateHundredths: bigint('rate_hundredths', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    startsAt: bigint('starts_at', { mode: 'number' }).notNull(),
    startedAt: bigint('started_at', { mode: 'number' }),
    endedAt: bigint('ended_at', { mode: 'number' }),
    /** The seed chain and link i the salt is s_i of (null for rounds drawn before seed chains). */
    chainId: bigint('chain_id', { mode: 'number' }).references(() => seedChains.id),
    chainIndex: integer('chain_index'),
    /** The house's bankroll when the round was created, and the caps it gave, in hundredths (docs/architecture.md "House limits"). */
    bankroll: bigint('bankroll', { mode: 'number' }),
    maxBetProfit: bigint('max_bet_profit', { mode: 'number' }),
    maxRoundProfit: bigint('max_round_profit', { mode: 'number' }),
    /** Set at the start when the bets could win more than maxRoundProfit: every open bet is cashed out at this rate (hundredths). */
    limitRate: integer('limit_rate'),
  },
  (t) => [
    index('rounds_state_idx').on(t.state),
    index('rounds_ended_at_idx').on(t.endedAt),
    uniqueIndex('rounds_chain_link_unique').on(t.chainId, t.chainIndex),
  ],
);
