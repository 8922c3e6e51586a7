/**
 * /api/v1/ops (docs/ops.md "API"): the handlers of the console's route table
 * (src/shared/wire/ops.ts, which holds each route's schemas and the role it needs) and their
 * registration. Every route but POST /ops/auth needs a live operator's session (tests walk
 * OPS_ROUTES, so a new route cannot miss the check); viewers may call the GETs, admins everything.
 */

import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { opsRoutes as table, type OperatorKey, type OpsAnswer, type OpsRole } from '../../shared/wire/ops';
import { EXPLORER_CLUSTERS } from '../config';
import { addressLimit, authLimits } from '../http/rateLimits';
import { schemaRoute, type SchemaRequest } from '../http/route';
import { audited, listAudit } from './audit';
import { clearPause, setPause } from './maintenance';
import { adjustBalance, playerFile, playerLedger, searchPlayers, setBlocked } from './players';
import { approveCredit, listCredits, rejectCredit } from './manualCredits';
import { operatorOf, operatorOnly } from './requireOperator';
import { signIn, signOut, type Operator } from './sessions';
import { opsState } from './state';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from './withdrawalReview';
import type { OpsFeed } from './OpsFeed';
import type { ClusterErrors } from './ErrorCount';
import { chatOpsRoutes } from '../chat/opsRoutes';

/** What the handler of route K gets: its request as the route's schemas made it, and its operator. */
export interface OpsContext<K extends OperatorKey> {
  services: Services;
  request: SchemaRequest<(typeof table)[K]>;
  operator: Operator;
  feed: OpsFeed;
  errors: ClusterErrors;
}

export interface OpsRoute<K extends OperatorKey = OperatorKey> {
  key: K;
  method: 'GET' | 'POST';
  /** Under /api/v1/ops/. */
  url: string;
  role: OpsRole;
  // A method, so a route of one key is a route of any (its handler is only called with its own requests).
  handler(context: OpsContext<K>): Promise<OpsAnswer<K>>;
}

/** Route K of the table: its method, path and role are the table's. */
function opsRoute<K extends OperatorKey>(key: K, handler: OpsRoute<K>['handler']): OpsRoute<K> {
  const [method, path] = key.split(' ') as ['GET' | 'POST', string];
  return { key, method, url: path.slice('/ops/'.length), role: table[key].role, handler };
}

/** After an action: the state goes out at once, not at the next second. */
async function acted<T>(context: OpsContext<OperatorKey>, result: Promise<T>): Promise<T> {
  const value = await result;
  void context.feed.poke();
  return value;
}

export const OPS_ROUTES: readonly OpsRoute[] = [
  opsRoute('POST /ops/logout', async ({ services, operator, request }) => {
    await signOut(services.database.db, services.bus, operator, request.ip);
    return null;
  }),
  opsRoute('GET /ops/state', ({ services, errors }) =>
    opsState({
      ...{ db: services.database.db, payments: services.payments, now: () => services.clock.now() },
      playersOnline: () => services.stomp.onlineEverywhere,
      errorsLastHour: () => errors.lastHour(),
    }),
  ),
  opsRoute('POST /ops/pause', (context) => {
    const { services, operator, request } = context;
    const { reason } = request.body;
    return acted(
      context,
      audited(services.database.db, services.bus, async (tx, audit) => {
        const { before, after } = await setPause(tx, reason, operator.email);
        await audit({
          actor: operator.email,
          action: 'pause',
          target: 'game',
          reason,
          before,
          after,
          address: request.ip,
        });
        return { paused: after };
      }),
    );
  }),
  opsRoute('POST /ops/resume', (context) => {
    const { services, operator, request } = context;
    return acted(
      context,
      audited(services.database.db, services.bus, async (tx, audit) => {
        const before = await clearPause(tx);
        await audit({ actor: operator.email, action: 'resume', target: 'game', before, address: request.ip });
        return { paused: null };
      }),
    );
  }),
  opsRoute('GET /ops/withdrawals', ({ services, request }) => listWithdrawals(services.database.db, request.query)),
  opsRoute('POST /ops/withdrawals/:id/approve', async (context) => {
    const { services, operator, request } = context;
    const secondAbove = services.config.ops.secondApprovalAbove;
    const { id } = request.params;
    const withdrawal = approveWithdrawal(services.payments, services.bus, operator, id, request.ip, secondAbove);
    return { withdrawal: await acted(context, withdrawal) };
  }),
  opsRoute('POST /ops/withdrawals/:id/reject', async (context) => {
    const { services, operator, request } = context;
    const { params, body } = request;
    const withdrawal = rejectWithdrawal(services.payments, services.bus, operator, params.id, body.reason, request.ip);
    return { withdrawal: await acted(context, withdrawal) };
  }),
  opsRoute('GET /ops/players', async ({ services, request }) => ({
    items: await searchPlayers(services.database.db, request.query.q),
  })),
  opsRoute('GET /ops/players/:id', ({ services, request }) => playerFile(services.database.db, request.params.id)),
  opsRoute('GET /ops/players/:id/ledger', ({ services, request }) =>
    playerLedger(services.database.db, request.params.id, request.query),
  ),
  ...(['block', 'unblock'] as const).map((action) =>
    opsRoute(`POST /ops/players/:id/${action}`, (context) => {
      const { services, operator, request } = context;
      const { reason } = request.body;
      const blocked = action === 'block' ? reason : null;
      const db = services.database.db;
      return acted(context, setBlocked(db, services.bus, operator, request.params.id, blocked, reason, request.ip));
    }),
  ),
  opsRoute('POST /ops/players/:id/adjust', (context) => {
    const { services, operator, request } = context;
    const { amount, reason } = request.body;
    const db = services.database.db;
    const asked = { hundredths: amount, reason, address: request.ip };
    return acted(context, adjustBalance(db, services.bus, operator, request.params.id, asked, services.config.ops));
  }),
  opsRoute('GET /ops/credits', ({ services, request }) => listCredits(services.database.db, request.query)),
  opsRoute('POST /ops/credits/:id/approve', async (context) => {
    const { services, operator, request } = context;
    const credit = approveCredit(services.database.db, services.bus, operator, request.params.id, request.ip);
    return { credit: await acted(context, credit) };
  }),
  opsRoute('POST /ops/credits/:id/reject', async (context) => {
    const { services, operator, request } = context;
    const { params, body } = request;
    const credit = rejectCredit(services.database.db, services.bus, operator, params.id, body.reason, request.ip);
    return { credit: await acted(context, credit) };
  }),
  opsRoute('GET /ops/audit', ({ services, request }) => listAudit(services.database.db, request.query)),
  opsRoute('GET /ops/config', async ({ services }) => {
    const { chain, ops } = services.config;
    return {
      ...{ cluster: EXPLORER_CLUSTERS[chain], explorer: ops.explorer },
      ...{ reviewAbove: ops.reviewAbove, secondApprovalAbove: ops.secondApprovalAbove },
      ...{ creditApprovalAbove: ops.creditApprovalAbove, creditDailyCap: ops.creditDailyCap },
    };
  }),
  ...chatOpsRoutes(opsRoute),
];

/** Registers POST /ops/auth (rate-limited per address and per email) and the routes behind a session. */
export function opsRoutes(services: Services, feed: OpsFeed, errors: ClusterErrors) {
  const { db } = services.database;
  return async function (app: FastifyInstance): Promise<void> {
    const { rateLimits } = services.config;
    const limits = authLimits(app, 'ops-auth', rateLimits);
    schemaRoute(app, 'POST /ops/auth', table['POST /ops/auth'], limits, async (request) =>
      services.hashes.run(() => signIn(db, services.bus, request.body, request.ip, services.config.ops.sessionMs)),
    );
    // Counted before the session's check (a query) and per address: operators are few, and a
    // stranger's junk tokens must not cost a query each without end.
    const perAddress = addressLimit(app, 'ops', rateLimits.authPerIp);
    for (const route of OPS_ROUTES)
      schemaRoute(app, route.key, table[route.key], [perAddress, operatorOnly(db, route.role)], (request) => {
        const context = { services, request, operator: operatorOf(request), feed, errors };
        return route.handler(context as OpsContext<OperatorKey>);
      });
  };
}
