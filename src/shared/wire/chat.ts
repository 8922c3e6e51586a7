/**
 * The chat (docs/chat.md): its rooms, the message object and the STOMP events of each room, in
 * zod/mini (the page decodes every event with them). Its routes are in chatRoutes.ts.
 */

import * as z from 'zod/mini';
import { API_BASE } from '../constants';

/** One room per language the page speaks. */
export const CHAT_ROOMS = ['en', 'es', 'pt-BR', 'ru'] as const;
export type ChatRoom = (typeof CHAT_ROOMS)[number];
/** The longest message, in characters (code points, so an emoji counts once). */
export const CHAT_MAX_CHARS = 200;
/** Messages of one page of history, and the most one page may ask for. */
export const CHAT_PAGE = 50;
export const CHAT_PAGE_MAX = 100;

/** A room's STOMP destination: clients only SUBSCRIBE to it. */
export const chatDestination = (room: ChatRoom) => `${API_BASE}/ws/chat/${room}`;
export const CHAT_DESTINATIONS = CHAT_ROOMS.map(chatDestination);

/** What the player counts in characters: code points. */
export const chatLength = (text: string) => [...text].length;

/** A shared bet: the server's facts of one of the sender's settled bets (hundredths; `rate` null for a lost bet). */
const chatShare = z.object({
  betId: z.string(),
  gameId: z.string(),
  amount: z.number(),
  rate: z.nullable(z.number()),
  winAmount: z.nullable(z.number()),
});
/** A message as every reader sees it: never an account id, a wallet or an email, only the nickname the bet list shows. */
export const chatMessage = z.object({
  id: z.string(),
  room: z.enum(CHAT_ROOMS),
  nickname: z.string(),
  /** Plain text, never HTML; empty for a shared bet. */
  text: z.string(),
  /** ms timestamp. */
  at: z.number(),
  share: z.optional(chatShare),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export type ChatShare = z.infer<typeof chatShare>;

export const chatEvent = z.discriminatedUnion('eventType', [
  z.object({ eventType: z.literal('CHAT_MESSAGE'), data: chatMessage }),
  z.object({ eventType: z.literal('CHAT_DELETED'), data: z.object({ id: z.string() }) }),
]);
export type ChatEvent = z.infer<typeof chatEvent>;
