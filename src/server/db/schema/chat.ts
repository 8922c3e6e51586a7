import { bigint, bigserial, boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts';
import { bets } from './bets';

/**
 * A chat message (docs/chat.md). A shared bet keeps only its id: its facts are read from the bet
 * each time, never from the sender. `shadow` messages (a shadow-muted sender's) reach their sender
 * only; a deleted one stays for the console until the retention purge removes it.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    room: text('room').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    text: text('text').notNull(),
    /**
     * The text as repeats are compared (textRules.ts repeatKey), kept so the database finds a repeat
     * in the one statement that stores a message. Null on messages stored before it was kept.
     */
    repeatKey: text('repeat_key'),
    shareBetId: bigint('share_bet_id', { mode: 'number' }).references(() => bets.id),
    at: bigint('at', { mode: 'number' }).notNull(),
    shadow: boolean('shadow').notNull().default(false),
    deletedAt: bigint('deleted_at', { mode: 'number' }),
    /** The operator's email. */
    deletedBy: text('deleted_by'),
  },
  (t) => [
    /** A room's history, newest first. */
    index('chat_messages_room_idx').on(t.room, t.id),
    /** A player's recent messages (rate, slow mode, repeats) and the console's export. */
    index('chat_messages_account_idx').on(t.accountId, t.id),
    /** The retention purge. */
    index('chat_messages_at_idx').on(t.at),
  ],
);

/** A player's chat mute in force (one row per player); `shadow`: their messages reach only them. */
export const chatMutes = pgTable('chat_mutes', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  until: bigint('until', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  shadow: boolean('shadow').notNull(),
  /** The operator's email. */
  by: text('by').notNull(),
  at: bigint('at', { mode: 'number' }).notNull(),
});

/** A player's report of a message, for the console; one per reporter and message, gone with the message. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    reason: text('reason').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [unique('chat_reports_once').on(t.messageId, t.reporterId), index('chat_reports_message_idx').on(t.messageId)],
);

/** A room's slow mode, set by an operator: a player waits `slowSeconds` between two messages there. No row: off. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    room: text('room').primaryKey(),
    slowSeconds: integer('slow_seconds').notNull(),
  },
  (t) => [check('chat_rooms_slow_seconds', sql`${t.slowSeconds} >= 0`)],
);
