import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row (id 1): the epoch of the engine that leads. A new leader bumps it; every write of a
 * round first locks the row FOR SHARE and checks the epoch, so a deposed leader writes nothing.
 */
export const leadership = pgTable('leadership', {
  id: integer('id').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  /** Which process leads (host, pid), for the operator. */
  holder: text('holder'),
  /** When it took the lead (ms timestamp). */
  since: bigint('since', { mode: 'number' }),
});
