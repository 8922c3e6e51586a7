/**
 * The chat's moderation (docs/chat.md "Moderation"): players report messages; operators delete
 * them (gone for everyone at once), mute players for a time (or shadow-mute them), set a room's
 * slow mode and export a player's messages. Every operator's act is in the audit log.
 */

import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHAT_ROOMS, chatDestination, type ChatEvent, type ChatRoom } from '../../shared/wire/chat';
import type { ChatMute, ChatReport, OpsChatMessage } from '../../shared/wire/chatRoutes';
import type { EventBus } from '../bus/EventBus';
import type { Db } from '../db/client';
import { accounts, chatMessages, chatMutes, chatReports, chatRooms } from '../db/schema';
import { audited } from '../ops/audit';
import type { Operator } from '../ops/sessions';
import { Refusal } from '../Refusal';

/** Sends a chat event to the room's subscribers on every gateway. */
export function publishChat(bus: EventBus, room: ChatRoom, event: ChatEvent): void {
  bus.publish(chatDestination(room), JSON.stringify(event));
}

/** Who acts, and from where (the audit log's actor and address). */
interface Act {
  db: Db;
  bus: EventBus;
  operator: Operator;
  address: string;
}

type MessageRecord = typeof chatMessages.$inferSelect;

function opsMessage(row: MessageRecord, nickname: string): OpsChatMessage {
  return {
    ...{ id: String(row.id), room: row.room as ChatRoom, accountId: String(row.accountId), nickname, text: row.text },
    ...{ at: row.at, shareBetId: row.shareBetId === null ? null : String(row.shareBetId), shadow: row.shadow },
    deletedAt: row.deletedAt,
  };
}

/** Reports a message the reporter can see; a second report of the same message by the same player changes nothing. */
export async function reportMessage(db: Db, reporterId: number, messageId: number, reason: string, now: number) {
  const [message] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.id, messageId),
        isNull(chatMessages.deletedAt),
        or(eq(chatMessages.shadow, false), eq(chatMessages.accountId, reporterId)),
      ),
    );
  if (!message) throw new Refusal('not_found', 'There is no such message', { code: 'chatNoMessage' });
  await db.insert(chatReports).values({ messageId, reporterId, reason, at: now }).onConflictDoNothing();
  return { reported: true as const };
}

/** Deletes a message for everyone: stored as deleted (the console still sees it), and CHAT_DELETED goes out. */
export async function deleteMessage({ db, bus, operator, address }: Act, id: number, now: number) {
  const deleted = await audited(db, bus, async (tx, audit) => {
    const [before] = await tx.select().from(chatMessages).where(eq(chatMessages.id, id)).for('update');
    if (!before) throw new Refusal('not_found', 'There is no such message');
    if (before.deletedAt !== null) throw new Refusal('conflict', 'This message is deleted already');
    await tx.update(chatMessages).set({ deletedAt: now, deletedBy: operator.email }).where(eq(chatMessages.id, id));
    await audit({
      ...{ actor: operator.email, action: 'chat_delete', target: `chat:${id}`, address },
      before: { room: before.room, account: before.accountId, text: before.text, shareBetId: before.shareBetId },
    });
    return before;
  });
  publishChat(bus, deleted.room as ChatRoom, { eventType: 'CHAT_DELETED', data: { id: String(id) } });
  return { id: String(id), deletedAt: now };
}

const muteView = (row: typeof chatMutes.$inferSelect): ChatMute => ({
  ...{ accountId: String(row.accountId), until: row.until, reason: row.reason, shadow: row.shadow },
});

/** Mutes a player for `minutes` (replacing a mute in force); a shadow mute lets their messages reach only them. */
export async function mutePlayer(
  { db, bus, operator, address }: Act,
  accountId: number,
  mute: { minutes: number; reason: string; shadow?: boolean | undefined },
  now: number,
): Promise<ChatMute> {
  return audited(db, bus, async (tx, audit) => {
    const [player] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
    if (!player) throw new Refusal('not_found', 'No such player');
    const [before] = await tx.select().from(chatMutes).where(eq(chatMutes.accountId, accountId));
    const values = {
      ...{ accountId, until: now + mute.minutes * 60_000, reason: mute.reason, shadow: mute.shadow ?? false },
      ...{ by: operator.email, at: now },
    };
    const [after] = await tx
      .insert(chatMutes)
      .values(values)
      .onConflictDoUpdate({ target: chatMutes.accountId, set: values })
      .returning();
    await audit({
      ...{ actor: operator.email, action: 'chat_mute', target: `account:${accountId}`, reason: mute.reason, address },
      ...{ before: before ? muteView(before) : null, after: muteView(after!) },
    });
    return muteView(after!);
  });
}

/** Ends a player's mute. */
export async function unmutePlayer({ db, bus, operator, address }: Act, accountId: number, now: number) {
  return audited(db, bus, async (tx, audit) => {
    const [before] = await tx.delete(chatMutes).where(eq(chatMutes.accountId, accountId)).returning();
    if (!before || before.until <= now) throw new Refusal('conflict', 'This player is not muted');
    await audit({
      ...{ actor: operator.email, action: 'chat_unmute', target: `account:${accountId}`, address },
      before: muteView(before),
    });
    return { accountId: String(accountId) };
  });
}

/** The rooms with their slow mode. */
export async function listRooms(db: Db): Promise<{ room: ChatRoom; slowSeconds: number }[]> {
  const rows = await db.select().from(chatRooms);
  return CHAT_ROOMS.map((room) => ({ room, slowSeconds: rows.find((row) => row.room === room)?.slowSeconds ?? 0 }));
}

/** Sets a room's slow mode (0 turns it off). */
export async function setSlowMode({ db, bus, operator, address }: Act, room: ChatRoom, seconds: number) {
  return audited(db, bus, async (tx, audit) => {
    const [before] = await tx.select().from(chatRooms).where(eq(chatRooms.room, room));
    await tx
      .insert(chatRooms)
      .values({ room, slowSeconds: seconds })
      .onConflictDoUpdate({ target: chatRooms.room, set: { slowSeconds: seconds } });
    await audit({
      ...{ actor: operator.email, action: 'chat_slow', target: `room:${room}`, address },
      ...{ before: { slowSeconds: before?.slowSeconds ?? 0 }, after: { slowSeconds: seconds } },
    });
    return { room, slowSeconds: seconds };
  });
}

/** The newest reports with their messages, the mutes in force and the rooms' slow mode. */
export async function listReports(db: Db, limit: number, now: number) {
  const reporters = alias(accounts, 'reporters');
  const rows = await db
    .select({ report: chatReports, message: chatMessages, nickname: accounts.nickname, reporter: reporters.nickname })
    .from(chatReports)
    .innerJoin(chatMessages, eq(chatMessages.id, chatReports.messageId))
    .innerJoin(accounts, eq(accounts.id, chatMessages.accountId))
    .innerJoin(reporters, eq(reporters.id, chatReports.reporterId))
    .orderBy(desc(chatReports.id))
    .limit(limit);
  const items: ChatReport[] = rows.map(({ report, message, nickname, reporter }) => ({
    ...{ id: String(report.id), message: opsMessage(message, nickname) },
    ...{ reporter, reason: report.reason, at: report.at },
  }));
  const mutes = await db.select().from(chatMutes).where(gt(chatMutes.until, now)).orderBy(desc(chatMutes.at));
  return { items, mutes: mutes.map(muteView), rooms: await listRooms(db) };
}

/** Every stored message of a player, newest first, deleted and shadow-muted ones too; the export is audited. */
export async function exportMessages({ db, bus, operator, address }: Act, accountId: number) {
  return audited(db, bus, async (tx, audit) => {
    const [player] = await tx.select({ nickname: accounts.nickname }).from(accounts).where(eq(accounts.id, accountId));
    if (!player) throw new Refusal('not_found', 'No such player');
    const rows = await tx
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.accountId, accountId))
      .orderBy(desc(chatMessages.id));
    await audit({ actor: operator.email, action: 'chat_export', target: `account:${accountId}`, address });
    return { accountId: String(accountId), messages: rows.map((row) => opsMessage(row, player.nickname)) };
  });
}

/** Deletes the messages older than the retention (and their reports); 0 days keeps them forever. */
export async function purgeChat(db: Db, retentionDays: number, now: number): Promise<void> {
  if (retentionDays === 0) return;
  await db.delete(chatMessages).where(lt(chatMessages.at, now - retentionDays * 24 * 3600_000));
}
