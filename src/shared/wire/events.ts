/** STOMP events (docs/wire.md "STOMP"): the bodies the server publishes and the page decodes (zod/mini, light in the page). */

import * as z from 'zod/mini';
import { API_BASE } from '../constants';
import { bet } from './betObject';

export const DESTINATIONS = {
  game: `${API_BASE}/ws/game/game-data/info`,
  bets: `${API_BASE}/ws/bets/info`,
  online: `${API_BASE}/ws/stats/online`,
} as const;

const gameCreated = z.object({
  gameId: z.string(),
  hash: z.string(),
  /** ms timestamp when the betting window closes (extension: drives the countdown). */
  startsAt: z.number(),
  serverTime: z.number(),
});
/** Extension (docs/wire.md "GAME_RATE to a big crowd") of GAME_STARTED and GAME_RATE: this subscriber's GAME_RATEs of the flight come this far apart. */
const everyMs = z.optional(z.number());
const gameStarted = z.object({
  gameId: z.string(),
  /** The round's hash, when the sender knows it (GET /game/info does), for a player who missed GAME_CREATED. */
  hash: z.optional(z.string()),
  startedAt: z.number(),
  serverTime: z.number(),
  everyMs,
});
const gameRate = z.object({
  gameId: z.string(),
  rate: z.number(),
  elapsedMs: z.number(),
  serverTime: z.number(),
  everyMs,
});
/** GAME_ENDED's data; GET /game/last's rounds are the same with a voided mark (game.ts's roundHistoryEntry). */
export const gameEnded = z.object({
  gameId: z.string(),
  rate: z.number(),
  fullRate: z.number(),
  hash: z.string(),
  salt: z.string(),
  /** ms timestamp of the crash instant. */
  time: z.number(),
  /** Extension (docs/provably-fair.md "Settlement roots"): the RFC 6962 root over the round's settled bets, in hex; absent when it could not be computed at the end (then GET /game/round/{gameId} has it). */
  settlementRoot: z.optional(z.string()),
});
export type GameEndedData = z.infer<typeof gameEnded>;
/** Extension: the round was voided (a stop, crash or database outage left it unfinished); its bets are refunded and its secret is published. */
const gameVoided = z.object({
  gameId: z.string(),
  fullRate: z.number(),
  hash: z.string(),
  salt: z.string(),
  /** As GAME_ENDED's: the root over the round's refunded bets. */
  settlementRoot: z.optional(z.string()),
});
/**
 * Extension (docs/architecture.md "House limits"): the round reached the house's limit for one round, and every bet still
 * open was cashed out at `rate` (BET_REFUNDED events went out just before). The round flies on.
 */
const gameLimit = z.object({ gameId: z.string(), rate: z.number() });
export type GameLimitData = z.infer<typeof gameLimit>;

const event = <T extends string, D extends z.ZodMiniType>(eventType: T, data: D) =>
  z.object({ eventType: z.literal(eventType), data });

export const gameEvent = z.discriminatedUnion('eventType', [
  event('GAME_CREATED', gameCreated),
  event('GAME_STARTED', gameStarted),
  event('GAME_RATE', gameRate),
  event('GAME_ENDED', gameEnded),
  event('GAME_VOIDED', gameVoided),
  event('GAME_LIMIT', gameLimit),
]);
export type GameEvent = z.infer<typeof gameEvent>;

export const betEvent = z.discriminatedUnion('eventType', [
  event('BET_CREATED', bet),
  event('BET_REFUNDED', bet),
  event('BET_CANCELED', bet),
]);
export type BetEvent = z.infer<typeof betEvent>;
export type BetEventType = BetEvent['eventType'];

export const onlineEvent = z.object({ online: z.number() });
export type OnlineEvent = z.infer<typeof onlineEvent>;

/** Public: the game is paused for maintenance, and why, or not; sent on subscribe and on every change (docs/ops.md "Pause"). */
export const MAINTENANCE_DESTINATION = '/topic/maintenance';
export const maintenanceEvent = z.union([
  z.object({ paused: z.literal(true), reason: z.string() }),
  z.object({ paused: z.literal(false) }),
]);
export type MaintenanceEvent = z.infer<typeof maintenanceEvent>;
