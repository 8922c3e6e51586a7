/** Bets: the bet object of events and lists, and the /bet routes' bodies and answers (docs/wire.md "Bets"). */

import { z } from 'zod';
import { MIN_STAKE, STAKE_NOT_WHOLE, STAKE_TOO_SMALL } from '../betPolicy';
import { AUTO_RATE_MAX, AUTO_RATE_MIN } from '../constants';
import { bet } from './betObject';
import { beforeBet, body, number, query } from './fields';
import { receipt } from './proof';

/** Bets in leaders and history also carry their round's fairness data. */
export const betWithRound = z.object({
  ...bet.shape,
  gameId: z.string(),
  gameHash: z.string(),
  /** Once ENDED the final rate; once VOID the crash point the round was drawn with. */
  gameRate: z.number().nullable(),
  gameSalt: z.string().nullable(),
  /** The round's exact crash point, the number that was hashed (extension); null until ENDED. */
  gameFullRate: z.number().nullable(),
});
export type BetWithRound = z.infer<typeof betWithRound>;

/**
 * A bet of the player's own: the bet object and its auto cash-out target as the player set it (a
 * multiplier, null by hand); `loweredTo` when the house's per-bet cap cashes it out lower (extension).
 */
const ownBet = z.object({ ...bet.shape, autoRate: z.number().nullable(), loweredTo: z.number().optional() });
export type OwnBet = z.infer<typeof ownBet>;

/** GET /bet/current: the player's bets of the round shown now, in the order placed, canceled ones left out. */
export const currentBets = z.object({
  /** The round shown now (GET /game/info's), null before the first round. */
  gameId: z.string().nullable(),
  bets: z.array(ownBet),
});
export type CurrentBetsResponse = z.infer<typeof currentBets>;

export const betIdAnswer = z.object({
  betId: z.string(),
  /** Extension (docs/architecture.md "House limits"): the bet could have won more than the house's limit, so its auto cash-out was lowered to this rate. */
  loweredTo: z.number().optional(),
});
export type BetIdResponse = z.infer<typeof betIdAnswer>;

export const cashOutAnswer = z.object({
  betId: z.string(),
  rate: z.number(),
  winAmount: z.number(),
  /** Extension (docs/provably-fair.md "Receipts"): the signed receipt of this cash-out. */
  receipt,
});
export type CashOutResponse = z.infer<typeof cashOutAnswer>;

export const betHistory = z.object({ betHistory: z.array(betWithRound) });
export type BetHistoryResponse = z.infer<typeof betHistory>;

const NOT_A_BET = 'betId must be a bet id';
const betId = z
  .union(
    [
      z.string().regex(/^[1-9]\d{0,15}$/, NOT_A_BET),
      z.number().int(NOT_A_BET).min(1, NOT_A_BET).max(Number.MAX_SAFE_INTEGER, NOT_A_BET),
    ],
    { error: (issue) => (issue.input === undefined ? 'betId is required' : NOT_A_BET) },
  )
  .transform(Number);

/** A stake in hundredths (the bet policy's bounds); the largest one depends on the server's settings, so the server checks it. */
const amount = number('amount').int(STAKE_NOT_WHOLE).min(MIN_STAKE, STAKE_TOO_SMALL);

/** The auto cash-out target (the spec's `rate`): a multiplier with at most two decimals, as integer hundredths. */
const target = number('rate')
  .min(AUTO_RATE_MIN, `rate must be between ${AUTO_RATE_MIN} and ${AUTO_RATE_MAX}`)
  .max(AUTO_RATE_MAX, `rate must be between ${AUTO_RATE_MIN} and ${AUTO_RATE_MAX}`)
  .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, 'rate can have at most two decimals')
  .transform((rate) => Math.round(rate * 100));

export const betBody = body({ amount });
export const autoBetBody = body({ amount, rate: target });
export const betIdBody = body({ betId });
/** POST /bet/refund: the bet, and (extension) the multiplier the page showed when the player pressed. */
export const refundBody = body({
  betId,
  seenRate: number('seenRate')
    .min(1, 'seenRate must be a multiplier of at least 1')
    .max(AUTO_RATE_MAX, `seenRate must be at most ${AUTO_RATE_MAX}`)
    .optional(),
});
export const betHistoryQuery = query({ before: beforeBet });
