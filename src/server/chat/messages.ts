/**
 * Chat messages (docs/chat.md): who may write, what they may write and how fast, and the history
 * readers get. Every check and the insert run in one transaction under a per-account advisory lock,
 * so two messages sent at once from two tabs or two gateways are counted one after the other.
 */

import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { ChatMessage, ChatRoom } from '../../shared/wire/chat';
import type { ChatSettings } from '../config';
import type { Db, Tx } from '../db/client';
import { accounts, bets, chatMessages, chatMutes, chatRooms, exclusions, rounds } from '../db/schema';
import type { AccountRef } from '../ledger/accounts';
import { Refusal } from '../Refusal';
import { checkText, cleanText, codeLikeWords, referralRefusal, repeatKey } from './textRules';
import { timeLeft } from './timeLeft';

/** The window of the per-account rate (CHAT_RATE messages in it). */
const CHAT_RATE_WINDOW_MS = 10_000;
/** A text the sender sent within this long is a repeat. */
const REPEAT_WINDOW_MS = 60_000;
/** The advisory lock's first key for a player's chat (the betting window's is 1). */
const CHAT_LOCK = 2;

/** What a message is: a text, or one of the sender's bets to share. */
type ChatInput = { text: string } | { shareBetId: string };

const shareColumns = {
  betId: bets.id,
  gameId: bets.roundId,
  amount: bets.amount,
  rate: bets.rate,
  winAmount: bets.winAmount,
};
const messageColumns = {
  id: chatMessages.id,
  room: chatMessages.room,
  nickname: accounts.nickname,
  text: chatMessages.text,
  at: chatMessages.at,
  share: shareColumns,
};
type MessageRow = {
  id: number;
  room: string;
  nickname: string;
  text: string;
  at: number;
  share: { betId: number; gameId: number; amount: number; rate: number | null; winAmount: number | null } | null;
};

/** A row as readers see it: rates in the wire's multiplier (hundredths over 100). */
function toMessage(row: MessageRow): ChatMessage {
  const { share } = row;
  return {
    ...{ id: String(row.id), room: row.room as ChatRoom, nickname: row.nickname, text: row.text, at: row.at },
    ...(share && {
      share: {
        ...{ betId: String(share.betId), gameId: String(share.gameId), amount: share.amount },
        ...{ rate: share.rate === null ? null : share.rate / 100, winAmount: share.winAmount },
      },
    }),
  };
}

/** Messages joined with their sender's nickname and their shared bet. */
const selectMessages = (db: Db | Tx) =>
  db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(accounts, eq(accounts.id, chatMessages.accountId))
    .leftJoin(bets, eq(bets.id, chatMessages.shareBetId));

/**
 * A room's history, newest last: the `limit` messages below `before` (the newest without it). Deleted
 * messages are left out, and shadow-muted ones but to their sender (`viewer`).
 */
export async function history(
  db: Db,
  room: ChatRoom,
  viewer: number | null,
  limit: number,
  before?: number,
): Promise<ChatMessage[]> {
  const rows = await selectMessages(db)
    .where(
      and(
        eq(chatMessages.room, room),
        isNull(chatMessages.deletedAt),
        viewer === null
          ? eq(chatMessages.shadow, false)
          : or(eq(chatMessages.shadow, false), eq(chatMessages.accountId, viewer)),
        before === undefined ? undefined : lt(chatMessages.id, before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(toMessage);
}

/** A stored message, read back as readers see it. */
async function readMessage(db: Db | Tx, id: number): Promise<ChatMessage> {
  const [row] = await selectMessages(db).where(eq(chatMessages.id, id));
  return toMessage(row!);
}

/** A new message and whether it reaches only its sender (shadow-muted). */
interface Posted {
  message: ChatMessage;
  shadow: boolean;
}

/**
 * Stores a message from `account` in `room` once every rule allows it, else throws a Refusal that
 * says which: not allowed to write (blocked, self-excluded, muted with the time left, too few rounds),
 * too fast (the rate, slow mode), or the text (length, links, addresses, referral codes, repeats, flood).
 */
export async function postMessage(
  db: Db,
  settings: ChatSettings,
  account: AccountRef,
  room: ChatRoom,
  input: ChatInput,
  now: number,
): Promise<Posted> {
  const text = 'text' in input ? cleanText(input.text) : '';
  if ('text' in input) checkText(text);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_LOCK}, (${account.id}::bigint % 2147483647)::int)`);
    const shadow = await mayWrite(tx, settings, account.id, now);
    await checkPace(tx, settings, account.id, room, now);
    const shareBetId = 'shareBetId' in input ? await shareableBet(tx, account.id, Number(input.shareBetId)) : null;
    if ('text' in input) await checkWords(tx, account.id, text, now);
    const [row] = await tx
      .insert(chatMessages)
      .values({ room, accountId: account.id, text, shareBetId, at: now, shadow })
      .returning({ id: chatMessages.id });
    return { message: await readMessage(tx, row!.id), shadow };
  });
}

/**
 * Refuses a player who may not write: blocked, self-excluded, muted (with the time left), or with too
 * few rounds played. Answers whether a shadow mute is in force (the player is not told).
 */
async function mayWrite(tx: Tx, settings: ChatSettings, accountId: number, now: number): Promise<boolean> {
  const [player] = await tx
    .select({ blocked: accounts.blockedReason, excludedUntil: exclusions.until, excluded: exclusions.accountId })
    .from(accounts)
    .leftJoin(exclusions, eq(exclusions.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (player?.blocked)
    throw new Refusal('forbidden', `Your account is blocked: ${player.blocked}`, {
      code: 'blocked',
      params: { reason: player.blocked },
    });
  if (player?.excluded != null && (player.excludedUntil === null || player.excludedUntil > now))
    throw new Refusal('forbidden', 'You have excluded yourself from play: the chat is closed to you until it ends', {
      code: 'chatExcluded',
    });
  const [mute] = await tx
    .select()
    .from(chatMutes)
    .where(and(eq(chatMutes.accountId, accountId), gt(chatMutes.until, now)));
  if (mute && !mute.shadow)
    throw new Refusal('forbidden', `You are muted in the chat for ${timeLeft(mute.until - now)} (${mute.reason})`, {
      code: 'chatMuted',
      params: { minutes: Math.ceil((mute.until - now) / 60_000), reason: mute.reason },
    });
  if (settings.minRounds > 0) {
    const [played] = await tx
      .select({ rounds: sql<number>`count(distinct ${bets.roundId})`.mapWith(Number) })
      .from(bets)
      .where(and(eq(bets.accountId, accountId), ne(bets.status, 'CANCELED'), ne(bets.status, 'VOID')));
    if ((played?.rounds ?? 0) < settings.minRounds)
      throw new Refusal(
        'forbidden',
        `Play ${settings.minRounds} rounds before writing in the chat (you have played ${played?.rounds ?? 0})`,
        { code: 'chatRounds', params: { count: settings.minRounds } },
      );
  }
  return mute?.shadow ?? false;
}

/** The per-account rate over every room, then the room's slow mode. */
async function checkPace(tx: Tx, settings: ChatSettings, accountId: number, room: ChatRoom, now: number) {
  const recent = await tx
    .select({ at: chatMessages.at })
    .from(chatMessages)
    .where(and(eq(chatMessages.accountId, accountId), gt(chatMessages.at, now - CHAT_RATE_WINDOW_MS)))
    .orderBy(desc(chatMessages.id))
    .limit(settings.ratePerWindow);
  if (recent.length >= settings.ratePerWindow) {
    const wait = Math.ceil((recent.at(-1)!.at + CHAT_RATE_WINDOW_MS - now) / 1000);
    throw new Refusal(
      'too_many',
      `Too many messages: at most ${settings.ratePerWindow} in ${CHAT_RATE_WINDOW_MS / 1000} seconds, wait ${wait} s`,
      { code: 'chatRate', params: { seconds: wait } },
    );
  }
  const [slow] = await tx.select().from(chatRooms).where(eq(chatRooms.room, room));
  if (!slow || slow.slowSeconds === 0) return;
  const [last] = await tx
    .select({ at: chatMessages.at })
    .from(chatMessages)
    .where(and(eq(chatMessages.accountId, accountId), eq(chatMessages.room, room)))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  const wait = last ? Math.ceil((last.at + slow.slowSeconds * 1000 - now) / 1000) : 0;
  if (wait > 0)
    throw new Refusal('too_many', `Slow mode: one message every ${slow.slowSeconds} s here, wait ${wait} s`, {
      code: 'chatSlow',
      params: { seconds: wait },
    });
}

/** A repeat of one of the sender's texts of the last minute, or a word that is someone's referral code. */
async function checkWords(tx: Tx, accountId: number, text: string, now: number): Promise<void> {
  const lately = await tx
    .select({ text: chatMessages.text })
    .from(chatMessages)
    .where(and(eq(chatMessages.accountId, accountId), gt(chatMessages.at, now - REPEAT_WINDOW_MS)));
  const key = repeatKey(text);
  if (lately.some((earlier) => repeatKey(earlier.text) === key))
    throw new Refusal('invalid', 'You have just sent that: please do not repeat yourself', { code: 'chatRepeat' });
  const words = codeLikeWords(text);
  if (words.length === 0) return;
  const [codes] = await tx.select({ n: count() }).from(accounts).where(inArray(accounts.referralCode, words));
  if ((codes?.n ?? 0) > 0) throw referralRefusal();
}

/** The id of a bet the player may share: their own, and settled (cashed out, or lost in an ended round). */
async function shareableBet(tx: Tx, accountId: number, betId: number): Promise<number> {
  const [bet] = await tx
    .select({ accountId: bets.accountId, status: bets.status, round: rounds.state })
    .from(bets)
    .innerJoin(rounds, eq(rounds.id, bets.roundId))
    .where(eq(bets.id, betId));
  if (!bet) throw new Refusal('not_found', 'There is no such bet', { code: 'noSuchBet' });
  if (bet.accountId !== accountId)
    throw new Refusal('forbidden', 'You can share only your own bets', { code: 'shareNotOwn' });
  const settled = bet.status === 'CASHED_OUT' || (bet.status === 'CREATED' && bet.round === 'ENDED');
  if (!settled)
    throw new Refusal('conflict', 'Only a settled bet can be shared: a cashed-out or lost one', {
      code: 'shareUnsettled',
    });
  return betId;
}
