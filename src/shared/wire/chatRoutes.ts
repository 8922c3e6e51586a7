/**
 * The chat's routes (docs/chat.md, docs/wire.md): the player routes, merged into the route table of
 * routes.ts, and the console's, merged into the ops route table of ops.ts.
 */

import { z } from 'zod';
import { CHAT_MAX_CHARS, CHAT_PAGE, CHAT_PAGE_MAX, CHAT_ROOMS, chatLength, chatMessage } from './chat';
import { body, pageSize } from './fields';
import { idParams, reasonBody } from './opsRequests';

const roomParams = z.object({
  room: z.enum(CHAT_ROOMS, { error: `room must be one of ${CHAT_ROOMS.join(', ')}` }),
});
const messageId = z.string().regex(/^[1-9]\d{0,15}$/, 'id must be a message id');
const historyQuery = z.object({
  before: messageId.transform(Number).optional(),
  limit: pageSize(CHAT_PAGE_MAX, CHAT_PAGE),
});
const chatText = z
  .string({ error: 'text must be text' })
  .refine((text) => chatLength(text) <= CHAT_MAX_CHARS, `A message is at most ${CHAT_MAX_CHARS} characters`);
const postBody = z.union(
  [body({ text: chatText }), body({ shareBetId: z.string().regex(/^\d{1,16}$/, 'shareBetId must be a bet id') })],
  { error: 'Send {text} or {shareBetId}' },
);
const reportBody = body({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(CHAT_MAX_CHARS, `reason is at most ${CHAT_MAX_CHARS} characters`),
});
const room = z.object({
  room: z.enum(CHAT_ROOMS),
  /** Slow mode: a player waits this long between two messages in the room (0: off). */
  slowSeconds: z.number(),
});

/** The player routes (merged into the route table of routes.ts). */
export const chatRoutes = {
  'GET /chat/rooms': { answer: z.array(room) },
  'GET /chat/:room/messages': { params: roomParams, query: historyQuery, answer: z.array(chatMessage) },
  'POST /chat/:room/messages': { params: roomParams, body: postBody, answer: chatMessage, signedIn: true },
  'POST /chat/messages/:id/report': {
    params: z.object({ id: messageId }),
    body: reportBody,
    answer: z.object({ reported: z.literal(true) }),
    signedIn: true,
  },
} as const;

/** A stored message as the console sees it: the sender's account, and whether it was deleted or shadow-muted. */
const opsChatMessage = z.object({
  id: z.string(),
  room: z.enum(CHAT_ROOMS),
  accountId: z.string(),
  nickname: z.string(),
  text: z.string(),
  at: z.number(),
  shareBetId: z.string().nullable(),
  shadow: z.boolean(),
  deletedAt: z.number().nullable(),
});
const chatReport = z.object({
  id: z.string(),
  message: opsChatMessage,
  reporter: z.string(),
  reason: z.string(),
  at: z.number(),
});
const chatMute = z.object({
  accountId: z.string(),
  until: z.number(),
  reason: z.string(),
  shadow: z.boolean(),
});
const muteBody = body({
  minutes: z
    .number({ error: 'minutes is a whole number from 1 to 525600' })
    .int('minutes is a whole number from 1 to 525600')
    .min(1, 'minutes is a whole number from 1 to 525600')
    .max(525_600, 'minutes is a whole number from 1 to 525600'),
  reason: reasonBody.shape.reason,
  shadow: z.boolean().optional(),
});
const slowBody = body({
  seconds: z
    .number({ error: 'seconds is a whole number from 0 to 3600' })
    .int('seconds is a whole number from 0 to 3600')
    .min(0, 'seconds is a whole number from 0 to 3600')
    .max(3600, 'seconds is a whole number from 0 to 3600'),
});

/** The console's chat routes (merged into the ops route table of ops.ts): viewers see, admins act. */
export const chatOpsRoutes = {
  'POST /ops/chat/messages/:id/delete': {
    params: idParams,
    answer: z.object({ id: z.string(), deletedAt: z.number() }),
    role: 'admin',
  },
  'POST /ops/players/:id/mute': { params: idParams, body: muteBody, answer: chatMute, role: 'admin' },
  'POST /ops/players/:id/unmute': { params: idParams, answer: z.object({ accountId: z.string() }), role: 'admin' },
  'GET /ops/chat/reports': {
    query: z.object({ limit: pageSize(CHAT_PAGE_MAX * 2, CHAT_PAGE) }),
    answer: z.object({ items: z.array(chatReport), mutes: z.array(chatMute), rooms: z.array(room) }),
    role: 'viewer',
  },
  'POST /ops/chat/rooms/:room/slow': { params: roomParams, body: slowBody, answer: room, role: 'admin' },
  'GET /ops/players/:id/chat': {
    params: idParams,
    answer: z.object({ accountId: z.string(), messages: z.array(opsChatMessage) }),
    role: 'viewer',
  },
} as const;
export type ChatReport = z.infer<typeof chatReport>;
export type ChatMute = z.infer<typeof chatMute>;
export type OpsChatMessage = z.infer<typeof opsChatMessage>;
