/**
 * The ops API as the page reads it (docs/ops.md, the contract shared with the server half). Money
 * is integer hundredths of a coin, as in the player API; `rate` and `crash` are the wire's
 * hundredths; times are ISO strings.
 */

export type Role = 'viewer' | 'admin';

export interface OpsSession {
  token: string;
  role: Role;
  email: string;
  expiresAt: string;
}

export interface Paused {
  reason: string;
  since: string;
  by: string;
}

export interface OpsState {
  paused: Paused | null;
  round: {
    gameId: string;
    state: string;
    rate: number;
    bets: number;
    stakes: number;
    owedIfAllCashOut: number;
    riskCap: number | null;
  };
  house: { chainBalance: number; coinsOwed: number; bankroll: number; reservesRatio: number };
  playersOnline: number;
  pending: { deposits: number; withdrawals: number; review: number };
  lastRounds: { gameId: string; crash: number; houseResult: number }[];
  errorsLastHour: number;
}

export interface Page<T> {
  items: T[];
  /** The `before` of the next page; null on the last. */
  next: string | null;
}

export interface Withdrawal {
  id: string;
  accountId: string;
  wallet: string | null;
  amount: number;
  createdAt: string;
  status: string;
  approvals: { by: string; at: string }[];
  signature: string | null;
}

export interface PlayerRow {
  id: string;
  wallet: string | null;
  email: string | null;
  referralCode: string | null;
  balance: number;
  blocked: boolean;
}

export interface Transfer {
  id: string;
  amount: number;
  status: string;
  signature: string | null;
  createdAt: string;
  reason?: string | null;
}

export interface PlayerBet {
  id: string;
  gameId: string;
  amount: number;
  rate: number | null;
  winAmount: number | null;
  status: string;
  at: string;
}

export interface PlayerDetail extends PlayerRow {
  blockedReason: string | null;
  limits: Record<string, number | null> | null;
  exclusion: { until: string | null } | null;
  createdAt: string;
  signIns: { address: string; at: string }[];
  deposits: Transfer[];
  withdrawals: Transfer[];
  bets: PlayerBet[];
}

export interface LedgerRow {
  id: string;
  kind: string;
  amount: number;
  balance: number;
  at: string;
  ref: string | null;
}

export interface AuditRow {
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
  /** An explorer address with `{sig}` where the signature goes. */
  explorer: string;
  reviewAbove: number | null;
  secondApprovalAbove: number | null;
}
