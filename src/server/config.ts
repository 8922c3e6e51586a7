/** Every setting of docs/operations.md "Settings", read from the environment with a working default. */

import {
  DEFAULT_BETTING_MS,
  DEFAULT_COINS_PER_SOL,
  DEFAULT_PAUSE_MS,
  DEFAULT_TICK_MS,
  HEARTBEAT_MS,
  HUNDREDTHS_PER_COIN,
} from '../shared/constants';
import { parseDecimal } from '../shared/money';
import type { StompLimits } from './stomp/StompServer';

/** How long the in-process local chain keeps one blockhash unless LOCAL_BLOCKHASH_TTL_MS says otherwise. */
export const DEFAULT_LOCAL_BLOCKHASH_TTL_MS = 60_000;

export type Role = 'all' | 'gateway' | 'engine';
export type ChainKind = 'local' | 'devnet' | 'testnet' | 'mainnet';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL URL; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  /** A Redis URL: cluster mode, with events fanned out and rate limits shared through Redis. */
  redisUrl: string | undefined;
  role: Role;
  /** An engine silent this long to PostgreSQL (paused, cut off) loses the lead to a standby. */
  leaderTimeoutMs: number;
  chain: ChainKind;
  rpcUrl: string | undefined;
  /** CHAIN=local in a cluster: the URL of the one process serving the local chain (npm run chain:local). */
  localChainUrl: string | undefined;
  /** CHAIN=local in-process: how long LiteSVM's one valid blockhash stays the latest. */
  localBlockhashTtlMs: number;
  coinsPerSol: number;
  bettingMs: number;
  pauseMs: number;
  tickMs: number;
  /** Tests only: moves this process's wall clock by this many ms, to show the game keeps one clock (the database's). */
  testClockOffsetMs: number;
  /** STOMP heart-beat the server offers both ways; a peer silent for twice the interval is dropped. */
  heartbeatMs: number;
  /** Largest bet in hundredths (MAX_BET is given in coins). */
  maxBet: number;
  /** Largest win of one bet in hundredths (MAX_WIN in coins); a bet reaching it is cashed out by the server. */
  maxWin: number;
  /** Serve the built client from this folder (null: API only). */
  staticDir: string | null;
  logLevel: string;
  /** Signs access tokens; when absent one is generated into DATA_DIR/secrets.json (in memory for tests). */
  jwtSecret: string | undefined;
  /** Links per seed chain (rounds before a new chain is committed). */
  seedChainLength: number;
  /** Encrypts the seed chains' secret links at rest; when absent one is generated into DATA_DIR/secrets.json. */
  seedSecret: string | undefined;
  /** The next seed chain is committed (and announced) when the current one has this many links left. */
  seedChainAhead: number;
  /** Makes the Ed25519 key that signs receipts; when absent, derived from JWT_SECRET, else generated into DATA_DIR/secrets.json. */
  receiptSecret: string | undefined;
  /** How often the settlement roots of the rounds since the last anchor are written to the chain. */
  anchorEveryMs: number;
  /** The domain sign-in messages name; when absent (local chain only), the Host the player's request came to. */
  signInDomain: string | undefined;
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): none by default, so nobody can pick their IP. */
  trustProxy: boolean | string;
  /** Requests per minute (see rateLimits.ts for who is counted where). */
  rateLimits: {
    authPerIp: number;
    authPerLogin: number;
    publicPerIp: number;
    /** Each signed-in route's calls per account (reads, settings, public reads with a token). */
    perAccount: number;
    betPerIp: number;
    betPerAccount: number;
    paymentPerIp: number;
    paymentPerAccount: number;
  };
  /** STOMP sockets: in total, kept for signed-in players, per network, and how long one may stay unsubscribed. */
  stomp: StompLimits;
  /**
   * A request must arrive whole within requestTimeoutMs, its headers within headersTimeoutMs; one
   * address holds at most connectionsPerAddress HTTP connections at once, and at most
   * anonymousPerAddress requests without a player's token in progress; past shedLagMs of event-loop
   * delay, requests without one are answered 503 (capacity.ts).
   */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    connectionsPerAddress: number;
    anonymousPerAddress: number;
    shedLagMs: number;
  };
  /** Password hashes running or waiting at once in this process; one more is answered 503. */
  passwordHashQueue: number;
  /** How long /payment/reserves, /payment/blockhash and a deposit's status are reused, in ms. */
  publicCacheMs: number;
  /** Bearer token that opens /metrics; when absent /metrics answers loopback callers only. */
  metricsToken: string | undefined;
  /** CHAIN=local: SOL the house holds on top of what it owes, its bankroll at every start. */
  localHouseSol: number;
  /** The caps on what the house may pay, in parts per million of its bankroll (docs/architecture.md "House limits"). */
  risk: RiskPercents;
  /** The operator's console (docs/ops.md). */
  ops: OpsSettings;
  /** The chat (docs/chat.md "Settings"). */
  chat: ChatSettings;
}

/** CHAT_*: who may write, how fast, and how long messages are kept. */
export interface ChatSettings {
  /** Rounds a player must have played (bets not canceled) before writing. */
  minRounds: number;
  /** Messages one account may send in CHAT_RATE_WINDOW_MS (every room together). */
  ratePerWindow: number;
  /** Messages older than this many days are deleted (0: kept forever). */
  retentionDays: number;
}

/** OPS_* and WITHDRAW_* settings of the operator's console; amounts in hundredths. */
export interface OpsSettings {
  /** How long an operator's session lasts, in ms. */
  sessionMs: number;
  /**
   * A withdrawal waits for an admin's approval once the player's withdrawals over the last 24 hours,
   * it included, pass this (null: never for the sum).
   */
  reviewAbove: number | null;
  /** A withdrawal waits for review when the player already made this many within velocityMs (null: no velocity rule). */
  velocityCount: number | null;
  velocityMs: number;
  /** Held withdrawals above this need two different admins (null: one is enough). */
  secondApprovalAbove: number | null;
  /** Manual credits above this wait for a second, different admin's approval. */
  creditApprovalAbove: number;
  /** What one admin may credit by hand over any 24 hours, held credits included. */
  creditDailyCap: number;
  /** The explorer link of a transaction, with {sig} where its signature goes. */
  explorer: string;
}

/** RISK_BET_PERCENT and RISK_ROUND_PERCENT in parts per million (0.75 % is 7,500). */
export interface RiskPercents {
  /** The largest profit of one bet. */
  betPpm: number;
  /** The largest profit the house pays in one round. */
  roundPpm: number;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

/** A percent with at most 4 decimals ("0.75"), in parts per million. */
function percent(env: Env, name: string, fallback: string): number {
  const raw = env[name] || fallback;
  const tenThousandths = /^\d{1,3}(\.\d{1,4})?$/.test(raw.trim()) ? parseDecimal(raw, 4) : null;
  if (tenThousandths === null || tenThousandths <= 0n || tenThousandths > 1_000_000n)
    throw new Error(`${name} must be a percent above 0 and at most 100 with up to 4 decimals, got "${raw}"`);
  return Number(tenThousandths);
}

/** An optional amount in whole coins, in hundredths (null when unset). */
function coinsOrNone(env: Env, name: string): number | null {
  if (env[name] === undefined || env[name] === '') return null;
  return integer(env, name, 0) * HUNDREDTHS_PER_COIN;
}

/** A count or an amount with a default, or null: `none` turns the rule off. */
function orNone(env: Env, name: string, fallback: number | null): number | null {
  if (env[name] === 'none') return null;
  if (env[name] === undefined || env[name] === '') return fallback;
  return integer(env, name, 0);
}

/** The withdrawal review's defaults on a real cluster (off on the local chain, where the money is play money). */
const REVIEW_DEFAULTS = { aboveCoins: 50_000, velocityCount: 5 };

/** The Solana cluster names explorers use, by CHAIN. */
export const EXPLORER_CLUSTERS: Record<ChainKind, string> = {
  local: 'localnet',
  devnet: 'devnet',
  testnet: 'testnet',
  mainnet: 'mainnet-beta',
};

/** OPS_SESSION_MINUTES, WITHDRAW_*, OPS_CREDIT_* and OPS_EXPLORER_URL. */
function opsSettings(env: Env, chain: ChainKind): OpsSettings {
  // A local chain is shown through its RPC URL (the explorer's custom cluster): npm run chain:local's, or its default port.
  const cluster =
    chain === 'local'
      ? `custom&customUrl=${encodeURIComponent(env.LOCAL_CHAIN_URL || 'http://localhost:8899')}`
      : EXPLORER_CLUSTERS[chain];
  const explorer = env.OPS_EXPLORER_URL || `https://explorer.solana.com/tx/{sig}?cluster=${cluster}`;
  if (!explorer.includes('{sig}')) throw new Error(`OPS_EXPLORER_URL must contain {sig}, got "${explorer}"`);
  return {
    sessionMs: integer(env, 'OPS_SESSION_MINUTES', 30, 1) * 60_000,
    ...withdrawalReview(env, chain),
    secondApprovalAbove: coinsOrNone(env, 'WITHDRAW_SECOND_APPROVAL_ABOVE'),
    creditApprovalAbove: integer(env, 'OPS_CREDIT_APPROVAL_ABOVE', 1_000) * HUNDREDTHS_PER_COIN,
    creditDailyCap: integer(env, 'OPS_CREDIT_DAILY_CAP', 10_000) * HUNDREDTHS_PER_COIN,
    explorer,
  };
}

/** WITHDRAW_REVIEW_ABOVE (coins over 24 h), WITHDRAW_VELOCITY_COUNT and WITHDRAW_VELOCITY_MINUTES. */
function withdrawalReview(env: Env, chain: ChainKind) {
  const real = chain !== 'local';
  const above = orNone(env, 'WITHDRAW_REVIEW_ABOVE', real ? REVIEW_DEFAULTS.aboveCoins : null);
  return {
    reviewAbove: above === null ? null : above * HUNDREDTHS_PER_COIN,
    velocityCount: orNone(env, 'WITHDRAW_VELOCITY_COUNT', real ? REVIEW_DEFAULTS.velocityCount : null),
    velocityMs: integer(env, 'WITHDRAW_VELOCITY_MINUTES', 60, 1) * 60_000,
  };
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw))
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function secret(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 32) throw new Error(`${name} must be at least 32 characters`);
  return raw;
}

/** TRUST_PROXY: empty or false (none), true (any), or a comma-separated list of proxy IPs and CIDRs. */
function trustProxy(env: Env): boolean | string {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*$/.test(raw)) return raw;
  throw new Error(`TRUST_PROXY must be true, false or a list of proxy IPs/CIDRs, got "${raw}"`);
}

/** STOMP_*: the socket caps; a fifth of the total is kept for signed-in players unless told otherwise. */
function stompLimits(env: Env): StompLimits {
  const maxConnections = integer(env, 'STOMP_MAX_CONNECTIONS', 10_000, 1);
  const reservedForPlayers = integer(env, 'STOMP_RESERVED_FOR_PLAYERS', Math.floor(maxConnections / 5), 0);
  if (reservedForPlayers > maxConnections)
    throw new Error('STOMP_RESERVED_FOR_PLAYERS must not be more than STOMP_MAX_CONNECTIONS');
  return {
    maxConnections,
    reservedForPlayers,
    maxPerAddress: integer(env, 'STOMP_MAX_PER_ADDRESS', 500, 1),
    maxPerAccount: integer(env, 'STOMP_MAX_PER_ACCOUNT', 5, 1),
    subscribeTimeoutMs: integer(env, 'STOMP_SUBSCRIBE_TIMEOUT_MS', 15_000, 0),
    writesPerTick: integer(env, 'STOMP_WRITES_PER_TICK', 1000, 1),
  };
}

/** Reads the configuration; throws a readable error for a bad value so the process stops at once. */
export function loadConfig(env: Env = process.env): Config {
  const chain = oneOf(env, 'CHAIN', ['local', 'devnet', 'testnet', 'mainnet'], 'local');
  if (chain !== 'local' && !env.RPC_URL) throw new Error(`CHAIN=${chain} needs RPC_URL`);
  if (chain !== 'local' && env.LOCAL_CHAIN_URL)
    throw new Error(`LOCAL_CHAIN_URL serves CHAIN=local only; CHAIN=${chain} reaches its cluster through RPC_URL`);
  if (chain !== 'local' && !env.SIGN_IN_DOMAIN)
    throw new Error(`CHAIN=${chain} needs SIGN_IN_DOMAIN (the host players sign in at, such as moonrush.example)`);
  if (env.REDIS_URL && !env.DATABASE_URL)
    throw new Error('REDIS_URL needs DATABASE_URL: the processes of a cluster share one PostgreSQL');
  if (env.REDIS_URL && !env.JWT_SECRET)
    throw new Error('REDIS_URL needs JWT_SECRET: every gateway of a cluster must accept the tokens the others sign');
  const role = oneOf(env, 'ROLE', ['all', 'gateway', 'engine'], 'all');
  const requestTimeoutMs = integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 100);
  const headersTimeoutMs = integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100);
  if (headersTimeoutMs > requestTimeoutMs)
    throw new Error('HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  return {
    port: integer(env, 'PORT', 8080),
    host: env.HOST || 'localhost',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    role,
    leaderTimeoutMs: integer(env, 'LEADER_TIMEOUT_MS', 5000, 1000),
    chain,
    rpcUrl: env.RPC_URL || undefined,
    localChainUrl: env.LOCAL_CHAIN_URL || undefined,
    localBlockhashTtlMs: integer(env, 'LOCAL_BLOCKHASH_TTL_MS', DEFAULT_LOCAL_BLOCKHASH_TTL_MS, 1000),
    coinsPerSol: integer(env, 'COINS_PER_SOL', DEFAULT_COINS_PER_SOL, 1),
    bettingMs: integer(env, 'BETTING_MS', DEFAULT_BETTING_MS, 100),
    pauseMs: integer(env, 'PAUSE_MS', DEFAULT_PAUSE_MS, 0),
    tickMs: integer(env, 'TICK_MS', DEFAULT_TICK_MS, 10),
    testClockOffsetMs: integer(env, 'TEST_CLOCK_OFFSET_MS', 0, -3_600_000),
    heartbeatMs: integer(env, 'HEARTBEAT_MS', HEARTBEAT_MS, 0),
    maxBet: integer(env, 'MAX_BET', 100_000, 10) * HUNDREDTHS_PER_COIN,
    maxWin: integer(env, 'MAX_WIN', 10_000_000, 10) * HUNDREDTHS_PER_COIN,
    staticDir: env.STATIC_DIR === '' ? null : env.STATIC_DIR || 'dist',
    logLevel: env.LOG_LEVEL || 'info',
    jwtSecret: secret(env, 'JWT_SECRET'),
    seedChainLength: integer(env, 'SEED_CHAIN_LENGTH', 1_000_000, 1),
    seedSecret: secret(env, 'SEED_SECRET'),
    seedChainAhead: integer(env, 'SEED_CHAIN_AHEAD', 1000, 1),
    receiptSecret: secret(env, 'RECEIPT_SECRET'),
    anchorEveryMs: integer(env, 'ANCHOR_EVERY_MS', 300_000, 1000),
    signInDomain: env.SIGN_IN_DOMAIN || undefined,
    trustProxy: trustProxy(env),
    rateLimits: {
      authPerIp: integer(env, 'RATE_LIMIT_AUTH_IP', 600, 1),
      authPerLogin: integer(env, 'RATE_LIMIT_AUTH_LOGIN', 10, 1),
      publicPerIp: integer(env, 'RATE_LIMIT_PUBLIC_IP', 1200, 1),
      perAccount: integer(env, 'RATE_LIMIT_ACCOUNT', 120, 1),
      betPerIp: integer(env, 'RATE_LIMIT_BET_IP', 600, 1),
      betPerAccount: integer(env, 'RATE_LIMIT_BET_ACCOUNT', 120, 1),
      paymentPerIp: integer(env, 'RATE_LIMIT_PAYMENT_IP', 600, 1),
      paymentPerAccount: integer(env, 'RATE_LIMIT_PAYMENT_ACCOUNT', 30, 1),
    },
    stomp: stompLimits(env),
    http: {
      ...{ requestTimeoutMs, headersTimeoutMs },
      connectionsPerAddress: integer(env, 'HTTP_MAX_PER_ADDRESS', 1024, 1),
      anonymousPerAddress: integer(env, 'HTTP_ANONYMOUS_PER_ADDRESS', 128, 1),
      shedLagMs: integer(env, 'HTTP_SHED_LAG_MS', 500, 10),
    },
    passwordHashQueue: integer(env, 'PASSWORD_HASH_QUEUE', 32, 1),
    publicCacheMs: integer(env, 'PUBLIC_CACHE_MS', 3000, 0),
    metricsToken: secret(env, 'METRICS_TOKEN'),
    localHouseSol: integer(env, 'LOCAL_HOUSE_SOL', 1000),
    risk: { betPpm: percent(env, 'RISK_BET_PERCENT', '0.75'), roundPpm: percent(env, 'RISK_ROUND_PERCENT', '1.125') },
    ops: opsSettings(env, chain),
    chat: {
      minRounds: integer(env, 'CHAT_MIN_ROUNDS', 5),
      ratePerWindow: integer(env, 'CHAT_RATE', 5, 1),
      retentionDays: integer(env, 'CHAT_RETENTION_DAYS', 30),
    },
  };
}
