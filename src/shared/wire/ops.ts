/**
 * The operator's console contract (docs/ops.md): the /api/v1/ops route table, with each route's
 * schemas and the role it needs (its STOMP destinations are in opsEvents.ts). The server registers
 * the routes from it (validation and serialisation), the console's client takes its types from it,
 * docs/wire.md is generated from it.
 */

import { z } from 'zod';
import {
  adjusted,
  auditPage,
  creditPage,
  decidedCredit,
  ledgerPage,
  opsConfig,
  opsManualCredit,
  opsPlayerFile,
  opsPlayerSummary,
  opsRole,
  opsSession,
  opsWithdrawal,
  playerSearch,
  reviewedWithdrawal,
  withdrawalPage,
} from './opsAnswers';
import {
  adjustBody,
  auditQuery,
  authBody,
  creditsQuery,
  idParams,
  ledgerQuery,
  reasonBody,
  searchQuery,
  withdrawalsQuery,
} from './opsRequests';
import { opsAuditRow, opsPause, opsState } from './opsEvents';
import type { RouteSchemas } from './routes';
import { chatOpsRoutes } from './chatRoutes';

export type OpsRole = z.infer<typeof opsRole>;

/** A route of the console: every one but sign-in needs a live operator's session of at least `role`. */
interface OpsRouteSchemas extends RouteSchemas {
  role?: OpsRole;
}

const viewer = 'viewer' as const;
const admin = 'admin' as const;

export const opsRoutes = {
  'POST /ops/auth': { body: authBody, answer: opsSession },
  'POST /ops/logout': { answer: z.null(), role: viewer },
  'GET /ops/state': { answer: opsState, role: viewer },
  'POST /ops/pause': { body: reasonBody, answer: z.object({ paused: opsPause }), role: admin },
  'POST /ops/resume': { answer: z.object({ paused: z.null() }), role: admin },
  'GET /ops/withdrawals': { query: withdrawalsQuery, answer: withdrawalPage, role: viewer },
  'POST /ops/withdrawals/:id/approve': { params: idParams, answer: reviewedWithdrawal, role: admin },
  'POST /ops/withdrawals/:id/reject': { params: idParams, body: reasonBody, answer: reviewedWithdrawal, role: admin },
  'GET /ops/players': { query: searchQuery, answer: playerSearch, role: viewer },
  'GET /ops/players/:id': { params: idParams, answer: opsPlayerFile, role: viewer },
  'GET /ops/players/:id/ledger': { params: idParams, query: ledgerQuery, answer: ledgerPage, role: viewer },
  'POST /ops/players/:id/block': { params: idParams, body: reasonBody, answer: opsPlayerSummary, role: admin },
  'POST /ops/players/:id/unblock': { params: idParams, body: reasonBody, answer: opsPlayerSummary, role: admin },
  'POST /ops/players/:id/adjust': { params: idParams, body: adjustBody, answer: adjusted, role: admin },
  'GET /ops/credits': { query: creditsQuery, answer: creditPage, role: viewer },
  'POST /ops/credits/:id/approve': { params: idParams, answer: decidedCredit, role: admin },
  'POST /ops/credits/:id/reject': { params: idParams, body: reasonBody, answer: decidedCredit, role: admin },
  'GET /ops/audit': { query: auditQuery, answer: auditPage, role: viewer },
  'GET /ops/config': { answer: opsConfig, role: viewer },
  ...chatOpsRoutes,
} as const satisfies Record<string, OpsRouteSchemas>;

export type OpsRoutes = typeof opsRoutes;
export type OpsKey = keyof OpsRoutes;
/** The routes behind an operator's session (all but sign-in). */
export type OperatorKey = { [K in OpsKey]: OpsRoutes[K] extends { role: OpsRole } ? K : never }[OpsKey];
/** The envelope's `data` of an ops route. */
export type OpsAnswer<K extends OpsKey> = z.output<OpsRoutes[K]['answer']>;

export type OpsSession = z.infer<typeof opsSession>;
export type OpsPause = z.infer<typeof opsPause>;
export type OpsState = z.infer<typeof opsState>;
export type OpsWithdrawal = z.infer<typeof opsWithdrawal>;
export type OpsWithdrawalStatus = OpsWithdrawal['status'];
export type OpsManualCredit = z.infer<typeof opsManualCredit>;
export type OpsPage<T> = { items: T[]; next: string | null };
export type OpsPlayerSummary = z.infer<typeof opsPlayerSummary>;
export type OpsPlayerFile = z.infer<typeof opsPlayerFile>;
export type OpsLedgerRow = OpsAnswer<'GET /ops/players/:id/ledger'>['items'][number];
export type OpsAuditRow = z.infer<typeof opsAuditRow>;
export type OpsConfig = z.infer<typeof opsConfig>;
