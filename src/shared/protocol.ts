/** Wire contracts of docs/wire.md ("HTTP" and "STOMP"), shared by client and server. */

import { API_BASE } from './constants';

/** Every JSON body is this envelope; the client reads `data.data`. */
export interface Envelope<T = unknown> {
  success: boolean;
  data?: T;
  errorMessage?: string;
}

export type GameState = 'CREATED' | 'STARTED' | 'ENDED';
/** CANCELED and VOID (refunded when a round was voided) are extensions: they only reach BET_CANCELED events and history. */
export type BetStatus = 'CREATED' | 'REFUNDED' | 'CANCELED' | 'VOID';
export type PaymentEnvironmentType = 'main' | 'test' | 'devnet' | 'local';
export type DepositStatus = 'pending' | 'credited' | 'failed' | 'expired';

/** A bet as players see it. `amount` and `winAmount` are hundredths; `rate` is the cash-out multiplier. */
export interface Bet {
  betId: string;
  status: BetStatus;
  time: number;
  nickname: string;
  amount: number;
  rate: number | null;
  winAmount: number | null;
}

/** Bets in leaders and history also carry their round's fairness data. */
export interface BetWithRound extends Bet {
  gameId: string;
  gameHash: string;
  /** Once ENDED the final rate; once VOID the crash point the round was drawn with. */
  gameRate: number | null;
  gameSalt: string | null;
  /** The round's exact crash point, the number that was hashed (extension); null until ENDED. */
  gameFullRate: number | null;
}

// ---- HTTP bodies -------------------------------------------------------------------------------

/** Sign-In-With-Solana input (Wallet Standard `SolanaSignInInput`). */
export interface SignInInput {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
}

export interface TokenResponse {
  token: string;
}

export interface Profile {
  balanceAmount: number;
  email: string;
  nickname: string;
  wallet: string | null;
}

/** A player's own limits (docs/architecture.md "House limits"), each for a calendar period in UTC (day, week from Monday, month). */
export const LIMIT_NAMES = [
  ...['depositDaily', 'depositWeekly', 'depositMonthly'],
  ...['lossDaily', 'lossWeekly', 'lossMonthly'],
  ...['wagerDaily', 'wagerWeekly', 'wagerMonthly'],
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];
/** Minutes between reality checks; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
export const EXCLUSION_DURATIONS = ['24h', '7d', '30d', 'permanent'] as const;
export type ExclusionDuration = (typeof EXCLUSION_DURATIONS)[number];

/** Extension: GET /user/limits, and the answer of PUT /user/limits and POST /user/exclusion. Amounts in coins. */
export interface PlayerLimits {
  /** The limits in force; null: none. */
  limits: Record<LimitName, number | null>;
  /** Raises and removals waiting their 24 hours: the new amount (null: removed) and when it applies (ms). */
  pending: Partial<Record<LimitName, { amount: number | null; at: number }>>;
  /** Self-exclusion in force: until when (ms), null until for a permanent one; null when none. */
  exclusion: { until: number | null } | null;
  realityCheckMinutes: RealityCheckMinutes;
  /** The time zone whose calendar the periods follow. */
  timeZone: 'UTC';
}
/** Extension: GET /user/session?since=ms, for the reality check: the bets placed since then and their net result in coins. */
export interface SessionResult {
  bets: number;
  net: number;
}
/** PUT /user/limits: any of the limits in coins (null removes it), and the reality check's interval. */
export type PlayerLimitsUpdate = Partial<Record<LimitName, number | null>> & {
  realityCheckMinutes?: RealityCheckMinutes;
};

export interface GameInfo {
  gameId: string;
  gameState: GameState;
  gameHash: string;
  /** ms timestamp of the start; null while CREATED. */
  startedAt: number | null;
  serverTime: number;
  /** Shown rate while STARTED or ENDED. */
  rate?: number;
  /** Published only once ENDED. */
  fullRate?: number;
  salt?: string;
  /** ms timestamp when the betting window closes, while CREATED. */
  startsAt?: number;
}

/** One finished round, newest first in GET /game/last. */
export interface RoundHistoryEntry {
  gameId: string;
  /** The final rate; for a voided round, the crash point it was drawn with (it never flew there). */
  rate: number;
  fullRate: number;
  hash: string;
  salt: string;
  time: number;
  /** Extension: the round was voided and its bets refunded. */
  voided?: true;
}

/** GET /game/round/{gameId} (extension): one round, with the seed chain link its salt is. */
export interface RoundDetails {
  gameId: string;
  /** VOID: left unfinished by a stop and refunded; its secrets are public like an ended round's. */
  gameState: GameState | 'VOID';
  hash: string;
  /** The shown final rate, once ENDED. */
  rate?: number;
  /** Published once the round is ENDED or VOID. */
  fullRate?: number;
  salt?: string;
  /** ms timestamp of the end or the void; null before. */
  time: number | null;
  /** The seed chain and link i (salt = s_i); null for rounds drawn before seed chains. */
  chainId: string | null;
  chainIndex: number | null;
}

/** One seed chain as GET /game/fairness shows it (docs/provably-fair.md "The scheme"). */
export interface SeedChainInfo {
  chainId: string;
  /** s_0 in hex: round 1 of the chain reveals the salt whose sha256 is this. */
  commitment: string;
  /** Rounds the chain gives. */
  length: number;
  /** Mixed into every crash point; null until the announced block is finalized. */
  clientSeed: string | null;
  clientSeedSource: string;
  /** The Solana slot announced with the commitment (real clusters only). */
  clientSeedSlot: number | null;
  /** The round that uses link 1; null until it exists. */
  firstRoundId: string | null;
  /** ms timestamp of the commitment. */
  createdAt: number;
}

export interface FairnessInfo {
  /** The chain rounds are drawn from now (the newest). */
  current: SeedChainInfo | null;
  /** Every chain, newest first. */
  chains: SeedChainInfo[];
  formula: Record<'chain' | 'random' | 'crashPoint' | 'hash', string>;
}

export interface BetIdResponse {
  betId: string;
  /** Extension (docs/architecture.md "House limits"): the bet could have won more than the house's limit, so its auto cash-out was lowered to this rate. */
  loweredTo?: number;
}
export interface CashOutResponse {
  betId: string;
  rate: number;
  winAmount: number;
}
export interface BetHistoryResponse {
  betHistory: BetWithRound[];
}
/** A bet of the player's own: the bet object and its auto cash-out target (a multiplier, null by hand). */
export interface OwnBet extends Bet {
  autoRate: number | null;
}
/** GET /bet/current: the player's bets of the round shown now, in the order placed, canceled ones left out. */
export interface CurrentBetsResponse {
  /** The round shown now (GET /game/info's), null before the first round. */
  gameId: string | null;
  bets: OwnBet[];
}

/** GET /user/stats (extension): the player's settled bets (cashed out or lost); amounts in hundredths. */
export interface PlayerStats {
  bets: number;
  wagered: number;
  /** Payouts minus stakes. */
  net: number;
  /** The biggest profit of one cash-out, and the highest rate cashed out at; null without a cash-out. */
  biggestWin: number | null;
  biggestRate: number | null;
  /** The running net after bet number `bet` (at most 1000 points, evenly spread, the last bet always). */
  perBet: { bet: number; time: number; net: number }[];
  /** Each UTC day's net and bets (`day` is its first ms). */
  perDay: { day: number; net: number; bets: number }[];
}

export interface PaymentEnvironment {
  type: PaymentEnvironmentType;
  /** Coins per SOL. */
  rate: number;
  /** The house wallet's address. */
  wallet: string;
}
export interface PrepareDepositResponse {
  /** The depositId. */
  token: string;
  /** base64 JSON of {@link DepositProgramInfo}. */
  programInfo: string;
  /** base64 JSON of {@link DepositProgramData}. */
  programData: string;
  vaultId: string;
}
export interface DepositProgramInfo {
  programId: string;
  discriminator: number[];
}
export interface DepositProgramData {
  adminWallets: string[];
}
export interface SignatureResponse {
  signature: string;
}
/** POST /payment/withdraw: the transfer's signature, or (above WITHDRAW_REVIEW_ABOVE) a withdrawal held for an operator's review. */
export type WithdrawResponse = SignatureResponse | { signature: null; status: 'review'; withdrawalId: string };
/** GET /payment/withdrawals: the player's latest withdrawals, newest first. */
export interface PlayerWithdrawal {
  id: string;
  /** Coins, in hundredths. */
  amount: number;
  /** review: held for an operator ("Under review"); failed: the coins are back, `reason` says why (an operator's rejection too). */
  status: 'review' | 'pending' | 'confirmed' | 'failed';
  reason: string | null;
  signature: string | null;
  createdAt: number;
}
export interface DepositStatusResponse {
  status: DepositStatus;
}
export interface ReservesResponse {
  /** The house wallet's address, so anyone can check its balance on the chain. */
  wallet: string;
  /** The house wallet's balance in SOL. */
  houseSol: number;
  /** Coins owed to players, in SOL at the current rate. */
  owedSol: number;
  /** The house holds at least what it owes. */
  covered: boolean;
  /** Extension (docs/architecture.md "House limits"): coins the house holds beyond what it owes (never below 0). */
  bankroll: number;
  /** Extension: the largest profit one bet may win in the round taking bets, in coins (null before the first round). */
  maxBetProfit: number | null;
  /** Extension: the largest profit the house pays in that round, in coins; reaching it cashes every open bet out. */
  maxRoundProfit: number | null;
}

// ---- STOMP -------------------------------------------------------------------------------------

export const DESTINATIONS = {
  game: `${API_BASE}/ws/game/game-data/info`,
  bets: `${API_BASE}/ws/bets/info`,
  online: `${API_BASE}/ws/stats/online`,
} as const;

export interface GameCreatedData {
  gameId: string;
  hash: string;
  /** ms timestamp when the betting window closes (extension: drives the countdown). */
  startsAt: number;
  serverTime: number;
}
export interface GameStartedData {
  gameId: string;
  /** The round's hash, when the sender knows it (GET /game/info does), for a player who missed GAME_CREATED. */
  hash?: string;
  startedAt: number;
  serverTime: number;
}
export interface GameRateData {
  gameId: string;
  rate: number;
  elapsedMs: number;
  serverTime: number;
}
export interface GameEndedData {
  gameId: string;
  rate: number;
  fullRate: number;
  hash: string;
  salt: string;
  /** ms timestamp of the crash instant. */
  time: number;
}

/** Extension: the round was voided (a stop, crash or database outage left it unfinished); its bets are refunded and its secret is published. */
export interface GameVoidedData {
  gameId: string;
  fullRate: number;
  hash: string;
  salt: string;
}

/**
 * Extension (docs/architecture.md "House limits"): the round reached the house's limit for one round, and every bet still
 * open was cashed out at `rate` (BET_REFUNDED events went out just before). The round flies on.
 */
export interface GameLimitData {
  gameId: string;
  rate: number;
}
export type GameEvent =
  | { eventType: 'GAME_CREATED'; data: GameCreatedData }
  | { eventType: 'GAME_STARTED'; data: GameStartedData }
  | { eventType: 'GAME_RATE'; data: GameRateData }
  | { eventType: 'GAME_ENDED'; data: GameEndedData }
  | { eventType: 'GAME_VOIDED'; data: GameVoidedData }
  | { eventType: 'GAME_LIMIT'; data: GameLimitData };

export type BetEvent =
  | { eventType: 'BET_CREATED'; data: Bet }
  | { eventType: 'BET_REFUNDED'; data: Bet }
  | { eventType: 'BET_CANCELED'; data: Bet };
export type BetEventType = BetEvent['eventType'];

export interface OnlineEvent {
  online: number;
}
