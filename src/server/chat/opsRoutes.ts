/** The console's chat routes (docs/ops.md "Chat"), built with the console's own route helper so they sit in OPS_ROUTES. */

import type { ChatRoom } from '../../shared/wire/chat';
import type { chatOpsRoutes as table } from '../../shared/wire/chatRoutes';
import type { OpsContext, OpsRoute } from '../ops/routes';
import { deleteMessage, exportMessages, listReports, mutePlayer, setSlowMode, unmutePlayer } from './moderation';

type ChatOpsKey = keyof typeof table;
type Make = <K extends ChatOpsKey>(key: K, handler: OpsRoute<K>['handler']) => OpsRoute<K>;

/** Who acts, from the route's context. */
const act = ({ services, operator, request }: OpsContext<ChatOpsKey>) => ({
  ...{ db: services.database.db, bus: services.bus },
  ...{ operator, address: request.ip },
});

export function chatOpsRoutes(opsRoute: Make): OpsRoute[] {
  return [
    opsRoute('POST /ops/chat/messages/:id/delete', (context) =>
      deleteMessage(act(context), context.request.params.id, Date.now()),
    ),
    opsRoute('POST /ops/players/:id/mute', (context) =>
      mutePlayer(act(context), context.request.params.id, context.request.body, Date.now()),
    ),
    opsRoute('POST /ops/players/:id/unmute', (context) =>
      unmutePlayer(act(context), context.request.params.id, Date.now()),
    ),
    opsRoute('GET /ops/chat/reports', ({ services, request }) =>
      listReports(services.database.db, request.query.limit, Date.now()),
    ),
    opsRoute('POST /ops/chat/rooms/:room/slow', (context) =>
      setSlowMode(act(context), context.request.params.room as ChatRoom, context.request.body.seconds),
    ),
    opsRoute('GET /ops/players/:id/chat', (context) => exportMessages(act(context), context.request.params.id)),
  ] as OpsRoute[];
}
