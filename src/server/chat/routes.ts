/** /chat (docs/chat.md, docs/wire.md): the rooms, a room's history, writing, reporting. */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { accountLimit, addressLimit } from '../http/rateLimits';
import { route } from '../http/route';
import { history, postMessage } from './messages';
import { listRooms, publishChat, reportMessage } from './moderation';

/** The player of a request that may be anonymous: a valid Bearer token's account id, else null. */
async function viewerOf(request: FastifyRequest): Promise<number | null> {
  const match = /^Bearer ([\w.-]+)$/.exec(request.headers.authorization ?? '');
  if (!match) return null;
  return (await request.server.tokens.verifyAccess(match[1]!))?.id ?? null;
}

export function chatRoutes(services: Services) {
  const { db } = services.database;
  const { config, bus } = services;
  return async function (app: FastifyInstance): Promise<void> {
    const publicReads = addressLimit(app, 'chat', config.rateLimits.publicPerIp);
    route(app, 'GET /chat/rooms', publicReads, () => listRooms(db));
    route(app, 'GET /chat/:room/messages', publicReads, async (request) => {
      const { params, query } = request;
      return history(db, params.room, await viewerOf(request), query.limit, query.before);
    });
    // The chat's own rate (CHAT_RATE) is the one a player meets; this only caps the refused attempts' cost.
    const attempts = accountLimit(app, 'chat', config.rateLimits.betPerAccount);
    route(app, 'POST /chat/:room/messages', attempts, async ({ account, params, body }) => {
      const posted = await postMessage(db, config.chat, account, params.room, body, Date.now());
      // A shadow-muted player's message reaches only them: in this answer and in their own history.
      if (!posted.shadow) publishChat(bus, params.room, { eventType: 'CHAT_MESSAGE', data: posted.message });
      return posted.message;
    });
    route(app, 'POST /chat/messages/:id/report', attempts, ({ account, params, body }) =>
      reportMessage(db, account.id, Number(params.id), body.reason, Date.now()),
    );
  };
}
