/** Rounds and fairness: the public /game routes' queries and answers (docs/wire.md "Game (public)"). */

import { z } from 'zod';
import {
  HISTORY_LENGTH,
  LAST_ROUNDS_MAX,
  LEADER_PERIODS,
  ROUND_BETS_PAGE,
  ROUNDS_PAGE_MAX,
  type LeaderPeriod,
} from '../constants';
import { gameEnded } from './events';
import { beforeBet, pageSize, roundNumber } from './fields';
import { maintenanceEvent } from './events';

export const gameState = z.enum(['CREATED', 'STARTED', 'ENDED']);
export type GameState = z.infer<typeof gameState>;

export const gameInfo = z.object({
  gameId: z.string(),
  gameState,
  gameHash: z.string(),
  /** ms timestamp of the start; null while CREATED. */
  startedAt: z.number().nullable(),
  serverTime: z.number(),
  /** Shown rate while STARTED or ENDED. */
  rate: z.number().optional(),
  /** Published only once ENDED. */
  fullRate: z.number().optional(),
  salt: z.string().optional(),
  /** ms timestamp when the betting window closes, while CREATED. */
  startsAt: z.number().optional(),
});
export type GameInfo = z.infer<typeof gameInfo>;

/** One finished round, newest first in GET /game/last: its GAME_ENDED. */
export const roundHistoryEntry = z.object({
  ...gameEnded.shape,
  /** Extension: the round was voided and its bets refunded; its `rate` is the crash point it was drawn with (it never flew there). */
  voided: z.literal(true).optional(),
  /** Extension (docs/provably-fair.md "Settlement roots"): the root over the round's settled bets (hex), once computed. */
  settlementRoot: z.string().optional(),
});
export type RoundHistoryEntry = z.infer<typeof roundHistoryEntry>;

/** GET /game/round/{gameId} (extension): one round, with the seed chain link its salt is. */
export const roundDetails = z.object({
  gameId: z.string(),
  /** VOID: left unfinished by a stop and refunded; its secrets are public like an ended round's. */
  gameState: z.enum([...gameState.options, 'VOID']),
  hash: z.string(),
  /** The shown final rate, once ENDED. */
  rate: z.number().optional(),
  /** Published once the round is ENDED or VOID. */
  fullRate: z.number().optional(),
  salt: z.string().optional(),
  /** ms timestamp of the end or the void; null before. */
  time: z.number().nullable(),
  /** The seed chain and link i (salt = s_i); null for rounds drawn before seed chains. */
  chainId: z.string().nullable(),
  chainIndex: z.number().nullable(),
  /** The root over the round's settled bets (hex), once ENDED or VOID and computed. */
  settlementRoot: z.string().optional(),
});
export type RoundDetails = z.infer<typeof roundDetails>;

/** One seed chain as GET /game/fairness shows it (docs/provably-fair.md "The scheme"). */
const seedChainInfo = z.object({
  chainId: z.string(),
  /** s_0 in hex: round 1 of the chain reveals the salt whose sha256 is this. */
  commitment: z.string(),
  /** Rounds the chain gives. */
  length: z.number(),
  /** Mixed into every crash point; null until the announced block is finalized. */
  clientSeed: z.string().nullable(),
  clientSeedSource: z.string(),
  /** The Solana slot announced with the commitment (real clusters only). */
  clientSeedSlot: z.number().nullable(),
  /** The round that uses link 1; null until it exists. */
  firstRoundId: z.string().nullable(),
  /** ms timestamp of the commitment. */
  createdAt: z.number(),
});
export type SeedChainInfo = z.infer<typeof seedChainInfo>;

export const fairnessInfo = z.object({
  /** The chain rounds are drawn from now. */
  current: seedChainInfo.nullable(),
  /** The chain committed ahead that follows it (docs/provably-fair.md "The next chain"), null until announced. */
  next: seedChainInfo.nullable(),
  /** Every chain, newest first. */
  chains: z.array(seedChainInfo),
  formula: z.object({ chain: z.string(), random: z.string(), crashPoint: z.string(), hash: z.string() }),
});
export type FairnessInfo = z.infer<typeof fairnessInfo>;

export const lastQuery = z.object({ limit: pageSize(LAST_ROUNDS_MAX, HISTORY_LENGTH) });
export const roundBetsQuery = z.object({ limit: pageSize(ROUND_BETS_PAGE, ROUND_BETS_PAGE), before: beforeBet });
const periods = Object.keys(LEADER_PERIODS) as [LeaderPeriod, ...LeaderPeriod[]];
export const leadersQuery = z.object({
  period: z.enum(periods, { message: `period must be one of ${periods.join(', ')}` }).default('day'),
});
export const gameIdParams = z.object({ gameId: roundNumber('gameId') });
export const roundsQuery = z.object({
  before: roundNumber('before').transform(Number).optional(),
  limit: pageSize(ROUNDS_PAGE_MAX, ROUNDS_PAGE_MAX),
});

/** GET /game/status (extension): whether an operator has paused the game for maintenance, and why (docs/ops.md). */
export const gameStatus = z.object({ maintenance: maintenanceEvent });
