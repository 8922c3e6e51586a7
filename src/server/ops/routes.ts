/**
 * /api/v1/ops (docs/ops.md "API"): the route table, one line per route with the role it needs, and
 * its registration. Every route but POST /ops/auth needs a live operator's session (tests walk this
 * table, so a new route cannot miss the check); viewers may call the GETs, admins everything.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services';
import type { OpsConfig, OpsRole } from '../../shared/ops';
import { EXPLORER_CLUSTERS } from '../config';
import { ok, parseBody } from './parse';
import { authLimits } from '../http/rateLimits';
import { body, text } from '../../shared/wire/fields';
import { audited, listAudit } from './audit';
import { clearPause, setPause } from './maintenance';
import { adjustBalance, playerFile, playerLedger, searchPlayers, setBlocked } from './players';
import { requireOperator } from './requireOperator';
import { signIn, signOut, type Operator } from './sessions';
import { opsState } from './state';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from './withdrawalReview';
import type { OpsFeed } from './OpsFeed';
import type { ClusterErrors } from './ErrorCount';
import { eq } from 'drizzle-orm';
import { operators } from '../db/schema';

/** What a route handler gets. */
interface OpsContext {
  services: Services;
  request: FastifyRequest;
  operator: Operator;
  feed: OpsFeed;
  errors: ClusterErrors;
}

interface OpsRoute {
  method: 'GET' | 'POST';
  /** Under /api/v1/ops/. */
  url: string;
  role: OpsRole;
  handler: (context: OpsContext) => Promise<unknown>;
}

const PAGE_MAX = 200;
const PAGE_DEFAULT = 50;
const reasonText = z
  .string({ error: 'reason is required' })
  .trim()
  .min(3, 'reason must be 3 to 200 characters')
  .max(200, 'reason must be 3 to 200 characters');
const reasonBody = body({ reason: reasonText });
const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'id must be a number')
    .transform(Number),
});
const cursor = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'before must be an id')
  .transform(Number)
  .optional();
const limit = z.coerce
  .number({ message: `limit must be a whole number from 1 to ${PAGE_MAX}` })
  .int()
  .min(1)
  .max(PAGE_MAX)
  .default(PAGE_DEFAULT);
const withdrawalsQuery = z.object({ status: z.enum(['review', 'all']).default('review'), before: cursor, limit });
const ledgerQuery = z.object({ before: cursor, limit });
const auditQuery = z.object({
  ...{ actor: z.string().max(254).optional(), action: z.string().max(32).optional() },
  ...{ target: z.string().max(64).optional(), before: cursor, limit },
});
const searchQuery = z.object({ q: text('q', 128) });
const adjustBody = body({
  amount: z
    .number({ error: 'amount is a whole number of coins' })
    .int('amount is a whole number of coins')
    .refine((coins) => coins !== 0, 'amount must not be 0')
    .refine((coins) => Math.abs(coins) <= 1e12, 'amount is too large'),
  reason: reasonText,
});
const authBody = body({ email: text('email', 254), password: text('password', 200), totp: text('totp', 12) });

const id = (request: FastifyRequest) => parseBody(idParams, request.params).id;

/** After an action: the state goes out at once, not at the next second. */
async function acted<T>(context: OpsContext, result: Promise<T>): Promise<T> {
  const value = await result;
  void context.feed.poke();
  return value;
}

function stateOf({ services, errors }: OpsContext) {
  return opsState({
    ...{ db: services.database.db, payments: services.payments, now: () => services.clock.now() },
    playersOnline: () => services.stomp.onlineEverywhere,
    errorsLastHour: () => errors.lastHour(),
  });
}

export const OPS_ROUTES: readonly OpsRoute[] = [
  {
    method: 'POST',
    url: 'logout',
    role: 'viewer',
    handler: async ({ services, operator, request }) => {
      await signOut(services.database.db, services.bus, operator, request.ip);
      return null;
    },
  },
  { method: 'GET', url: 'state', role: 'viewer', handler: stateOf },
  {
    method: 'POST',
    url: 'pause',
    role: 'admin',
    handler: (context) => {
      const { services, operator, request } = context;
      const { reason } = parseBody(reasonBody, request.body);
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
    },
  },
  {
    method: 'POST',
    url: 'resume',
    role: 'admin',
    handler: (context) => {
      const { services, operator, request } = context;
      return acted(
        context,
        audited(services.database.db, services.bus, async (tx, audit) => {
          const before = await clearPause(tx);
          await audit({ actor: operator.email, action: 'resume', target: 'game', before, address: request.ip });
          return { paused: null };
        }),
      );
    },
  },
  {
    method: 'GET',
    url: 'withdrawals',
    role: 'viewer',
    handler: async ({ services, request }) =>
      listWithdrawals(services.database.db, parseBody(withdrawalsQuery, request.query)),
  },
  {
    method: 'POST',
    url: 'withdrawals/:id/approve',
    role: 'admin',
    handler: async (context) => {
      const { services, operator, request } = context;
      const secondAbove = services.config.ops.secondApprovalAbove;
      const withdrawal = approveWithdrawal(
        services.payments,
        services.bus,
        operator,
        id(request),
        request.ip,
        secondAbove,
      );
      return { withdrawal: await acted(context, withdrawal) };
    },
  },
  {
    method: 'POST',
    url: 'withdrawals/:id/reject',
    role: 'admin',
    handler: async (context) => {
      const { services, operator, request } = context;
      const { reason } = parseBody(reasonBody, request.body);
      const withdrawal = rejectWithdrawal(services.payments, services.bus, operator, id(request), reason, request.ip);
      return { withdrawal: await acted(context, withdrawal) };
    },
  },
  {
    method: 'GET',
    url: 'players',
    role: 'viewer',
    handler: async ({ services, request }) => ({
      items: await searchPlayers(services.database.db, parseBody(searchQuery, request.query).q),
    }),
  },
  {
    method: 'GET',
    url: 'players/:id',
    role: 'viewer',
    handler: ({ services, request }) => playerFile(services.database.db, id(request)),
  },
  {
    method: 'GET',
    url: 'players/:id/ledger',
    role: 'viewer',
    handler: ({ services, request }) =>
      playerLedger(services.database.db, id(request), parseBody(ledgerQuery, request.query)),
  },
  ...(['block', 'unblock'] as const).map((action): OpsRoute => ({
    method: 'POST',
    url: `players/:id/${action}`,
    role: 'admin',
    handler: (context) => {
      const { services, operator, request } = context;
      const { reason } = parseBody(reasonBody, request.body);
      const blocked = action === 'block' ? reason : null;
      const db = services.database.db;
      return acted(context, setBlocked(db, services.bus, operator, id(request), blocked, reason, request.ip));
    },
  })),
  {
    method: 'POST',
    url: 'players/:id/adjust',
    role: 'admin',
    handler: (context) => {
      const { services, operator, request } = context;
      const { amount, reason } = parseBody(adjustBody, request.body);
      return acted(
        context,
        adjustBalance(services.database.db, services.bus, operator, id(request), amount, reason, request.ip),
      );
    },
  },
  {
    method: 'GET',
    url: 'audit',
    role: 'viewer',
    handler: ({ services, request }) => listAudit(services.database.db, parseBody(auditQuery, request.query)),
  },
  {
    method: 'GET',
    url: 'config',
    role: 'viewer',
    handler: async ({ services }): Promise<OpsConfig> => {
      const { chain, ops } = services.config;
      return {
        ...{ cluster: EXPLORER_CLUSTERS[chain], explorer: ops.explorer },
        ...{ reviewAbove: ops.reviewAbove, secondApprovalAbove: ops.secondApprovalAbove },
      };
    },
  },
];

/** Registers POST /ops/auth (rate-limited per address and per email) and the route table. */
export function opsRoutes(services: Services, feed: OpsFeed, errors: ClusterErrors) {
  const { db } = services.database;
  return async function (app: FastifyInstance): Promise<void> {
    const isOperator = async (email: string) =>
      (await db.select({ id: operators.id }).from(operators).where(eq(operators.email, email.trim().toLowerCase())))
        .length > 0;
    app.post('/ops/auth', { preHandler: authLimits(app, services.config.rateLimits, isOperator) }, async (request) => {
      const form = parseBody(authBody, request.body);
      return ok(await signIn(db, services.bus, form, request.ip, services.config.ops.sessionMs));
    });
    for (const route of OPS_ROUTES)
      app.route({
        method: route.method,
        url: `/ops/${route.url}`,
        handler: async (request) => {
          const operator = await requireOperator(db, request, route.role);
          return ok(await route.handler({ services, request, operator, feed, errors }));
        },
      });
  };
}
