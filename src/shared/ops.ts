/**
 * The operator's console contract (docs/ops.md): what /api/v1/ops answers and its STOMP
 * destinations, shared by the server and the /ops page. Money is integer hundredths of a coin,
 * times are ISO strings, rates are the wire's hundredths (153 is x1.53).
 */

export const OPS_DESTINATIONS = {
  /** The GET /ops/state data, once a second and after every action. Operators only. */
  state: '/topic/ops/state',
  /** Each new audit row. Operators only. */
  audit: '/topic/ops/audit',
} as const;

/** Public: `{paused: true, reason}` while the game is paused for maintenance, `{paused: false}` otherwise. */
export const MAINTENANCE_DESTINATION = '/topic/maintenance';

export type MaintenanceEvent = { paused: true; reason: string } | { paused: false };

export type OpsRole = 'viewer' | 'admin';

export interface OpsSession {
  token: string;
  role: OpsRole;
  email: string;
  expiresAt: string;
}

export interface OpsPause {
  reason: string;
  since: string;
  /** The operator's email. */
  by: string;
}

export interface OpsState {
  paused: OpsPause | null;
  round: {
    gameId: string;
    state: 'CREATED' | 'STARTED' | 'ENDED' | 'VOID';
    rate: number;
    bets: number;
    stakes: number;
    /** The profit the house would pay if every open bet cashed out now, with the cash-outs already paid this round. */
    owedIfAllCashOut: number;
    /** The round's cap on that profit (null: uncapped). */
    riskCap: number | null;
  } | null;
  house: { chainBalance: number; coinsOwed: number; bankroll: number; reservesRatio: number | null };
  playersOnline: number;
  pending: { deposits: number; withdrawals: number; review: number };
  lastRounds: { gameId: string; crash: number; houseResult: number }[];
  errorsLastHour: number;
}

export type OpsWithdrawalStatus = 'review' | 'pending' | 'confirmed' | 'failed';

export interface OpsWithdrawal {
  id: string;
  accountId: string;
  wallet: string;
  amount: number;
  createdAt: string;
  status: OpsWithdrawalStatus;
  approvals: { by: string; at: string }[];
  signature: string | null;
  /** Why it failed or was rejected. */
  reason: string | null;
}

export interface OpsPage<T> {
  items: T[];
  /** Pass as `before` for the next page (null: none). */
  next: string | null;
}

export interface OpsPlayerSummary {
  id: string;
  wallet: string | null;
  email: string | null;
  referralCode: string;
  balance: number;
  blocked: boolean;
}

export interface OpsLedgerRow {
  id: string;
  kind: string;
  amount: number;
  balance: number;
  at: string;
  ref: string;
}

export interface OpsAuditRow {
  id: string;
  actor: string;
  action: string;
  target: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
  at: string;
}

export interface OpsConfig {
  cluster: string;
  /** A transaction's link: replace {sig} with its signature. */
  explorer: string;
  reviewAbove: number | null;
  secondApprovalAbove: number | null;
}
