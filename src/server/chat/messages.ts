/**
 * Chat messages (docs/chat.md): who may write, what they may write and how fast, and the history
 * readers get. The checks that need the database and the insert are one statement, the database's
 * post_chat_message (post_chat_message.sql, applied on every start like the betting functions).
 */

import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ChatMessage, ChatRoom } from '../../shared/wire/chat';
import type { ChatSettings } from '../config';
import { queryRows, type Db } from '../db/client';
import { accounts, bets, chatMessages } from '../db/schema';
import type { AccountRef } from '../ledger/accounts';
import { Refusal } from '../Refusal';
import { checkText, cleanText, codeLikeWords, referralRefusal, repeatKey } from './textRules';
import { timeLeft } from './timeLeft';

/** The window of the per-account rate (CHAT_RATE messages in it). */
const CHAT_RATE_WINDOW_MS = 10_000;
/** A text the sender sent within this long is a repeat. */
const REPEAT_WINDOW_MS = 60_000;

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
const selectMessages = (db: Db) =>
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

/** A new message and whether it reaches only its sender (shadow-muted). */
interface Posted {
  message: ChatMessage;
  shadow: boolean;
}

/** What post_chat_message answers when a rule refuses the message (post_chat_message.sql). */
type PostRefusal =
  | { refused: 'blocked'; reason: string }
  | { refused: 'chatMuted'; until: number; reason: string }
  | { refused: 'chatRounds'; played: number }
  | { refused: 'chatRate'; oldest: number }
  | { refused: 'chatSlow'; slowSeconds: number; last: number }
  | { refused: 'chatExcluded' | 'noSuchBet' | 'shareNotOwn' | 'shareUnsettled' | 'chatRepeat' | 'chatReferral' };

/**
 * Stores a message from `account` in `room` once every rule allows it, else throws a Refusal that
 * says which: not allowed to write (blocked, self-excluded, muted with the time left, too few rounds),
 * too fast (the rate, slow mode), or the text (length, links, addresses, referral codes, repeats, flood).
 * The text's own rules run here; the rest, and the insert, are one statement (the database's
 * post_chat_message) under a per-account advisory lock, so two messages sent at once from two tabs
 * or two gateways are counted one after the other.
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
  const shareBetId = 'shareBetId' in input ? Number(input.shareBetId) : null;
  // Code-like words are letters and digits only, so they make an array literal as they are.
  const words = `{${codeLikeWords(text).join(',')}}`;
  const [row] = await queryRows<{ posted: { message: MessageRow; shadow: boolean } | PostRefusal }>(
    db,
    sql`SELECT post_chat_message(${account.id}, ${room}, ${text}, ${shareBetId}::bigint, ${repeatKey(text)},
          ${words}::text[], ${now}::bigint, ${settings.minRounds}, ${settings.ratePerWindow},
          ${CHAT_RATE_WINDOW_MS}::bigint, ${REPEAT_WINDOW_MS}::bigint) AS posted`,
  );
  const posted = row!.posted;
  if ('refused' in posted) throw postRefusal(posted, settings, now);
  return { message: toMessage(posted.message), shadow: posted.shadow };
}

/** The Refusal a player reads for what post_chat_message refused. */
function postRefusal(json: PostRefusal, settings: ChatSettings, now: number): Refusal {
  switch (json.refused) {
    case 'blocked':
      return new Refusal('forbidden', `Your account is blocked: ${json.reason}`, {
        code: 'blocked',
        params: { reason: json.reason },
      });
    case 'chatExcluded':
      return new Refusal('forbidden', 'You have excluded yourself from play: the chat is closed to you until it ends', {
        code: 'chatExcluded',
      });
    case 'chatMuted':
      return new Refusal('forbidden', `You are muted in the chat for ${timeLeft(json.until - now)} (${json.reason})`, {
        code: 'chatMuted',
        params: { minutes: Math.ceil((json.until - now) / 60_000), reason: json.reason },
      });
    case 'chatRounds':
      return new Refusal(
        'forbidden',
        `Play ${settings.minRounds} rounds before writing in the chat (you have played ${json.played})`,
        { code: 'chatRounds', params: { count: settings.minRounds } },
      );
    case 'chatRate': {
      const wait = Math.ceil((json.oldest + CHAT_RATE_WINDOW_MS - now) / 1000);
      return new Refusal(
        'too_many',
        `Too many messages: at most ${settings.ratePerWindow} in ${CHAT_RATE_WINDOW_MS / 1000} seconds, wait ${wait} s`,
        { code: 'chatRate', params: { seconds: wait } },
      );
    }
    case 'chatSlow': {
      const wait = Math.ceil((json.last + json.slowSeconds * 1000 - now) / 1000);
      return new Refusal('too_many', `Slow mode: one message every ${json.slowSeconds} s here, wait ${wait} s`, {
        code: 'chatSlow',
        params: { seconds: wait },
      });
    }
    case 'noSuchBet':
      return new Refusal('not_found', 'There is no such bet', { code: 'noSuchBet' });
    case 'shareNotOwn':
      return new Refusal('forbidden', 'You can share only your own bets', { code: 'shareNotOwn' });
    case 'shareUnsettled':
      return new Refusal('conflict', 'Only a settled bet can be shared: a cashed-out or lost one', {
        code: 'shareUnsettled',
      });
    case 'chatRepeat':
      return new Refusal('invalid', 'You have just sent that: please do not repeat yourself', { code: 'chatRepeat' });
    case 'chatReferral':
      return referralRefusal();
  }
}
