/** /user: the signed-in player's profile, stats, own limits, reality check and self-exclusion (docs/wire.md "Player"). */

import { z } from 'zod';
import { TYPED_HUNDREDTHS_MAX } from '../constants';
import { body, query } from './fields';
import { EXCLUSION_DURATIONS, LIMIT_NAMES, REALITY_CHECK_MINUTES, type LimitName } from './limitNames';

export const profile = z.object({
  balanceAmount: z.number(),
  /** The player's referral code, never a real address. */
  email: z.string(),
  nickname: z.string(),
  wallet: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

const realityCheckMinutes = z.union(
  REALITY_CHECK_MINUTES.map((minutes) => z.literal(minutes)),
  { error: `realityCheckMinutes must be one of ${REALITY_CHECK_MINUTES.join(', ')}` },
);
export type RealityCheckMinutes = z.infer<typeof realityCheckMinutes>;

/** One entry per limit name. */
const perLimit = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(LIMIT_NAMES.map((name) => [name, schema])) as Record<LimitName, T>);

/** GET /user/limits, and the answer of PUT /user/limits and POST /user/exclusion (extension). Amounts in hundredths. */
export const playerLimits = z.object({
  /** The limits in force; null: none. */
  limits: perLimit(z.number().nullable()),
  /** Raises and removals waiting their 24 hours: the new amount (null: removed) and when it applies (ms). */
  pending: perLimit(z.object({ amount: z.number().nullable(), at: z.number() })).partial(),
  /** Self-exclusion in force: until when (ms), null until for a permanent one; null when none. */
  exclusion: z.object({ until: z.number().nullable() }).nullable(),
  realityCheckMinutes,
  /** The time zone whose calendar the periods follow. */
  timeZone: z.literal('UTC'),
});
export type PlayerLimits = z.infer<typeof playerLimits>;

/** GET /user/session?since=ms (extension), for the reality check: the bets placed since then and their net result in hundredths. */
export const sessionResult = z.object({ bets: z.number(), net: z.number() });
export type SessionResult = z.infer<typeof sessionResult>;

/** GET /user/stats (extension): the player's settled bets (cashed out or lost); amounts in hundredths. */
export const playerStats = z.object({
  bets: z.number(),
  wagered: z.number(),
  /** Payouts minus stakes. */
  net: z.number(),
  /** The biggest profit of one cash-out, and the highest rate cashed out at; null without a cash-out. */
  biggestWin: z.number().nullable(),
  biggestRate: z.number().nullable(),
  /** The running net after bet number `bet` (at most 1000 points, evenly spread, the last bet always). */
  perBet: z.array(z.object({ bet: z.number(), time: z.number(), net: z.number() })),
  /** Each UTC day's net and bets (`day` is its first ms). */
  perDay: z.array(z.object({ day: z.number(), net: z.number(), bets: z.number() })),
});
export type PlayerStats = z.infer<typeof playerStats>;

/** A limit in hundredths of a coin (10000 is 100.00 coins), or null to remove it. */
const limit = z
  .number({ error: 'A limit is a whole number of hundredths of a coin, or null to remove it' })
  .int('A limit is a whole number of hundredths of a coin (10000 is 100 coins): a coin has at most two decimals')
  .positive('A limit must be above 0')
  .max(TYPED_HUNDREDTHS_MAX, 'That limit is too large')
  .nullable();
/** PUT /user/limits: any of the limits in hundredths (null removes it), and the reality check's interval. */
export const limitsBody = body({
  ...perLimit(limit.optional()).shape,
  realityCheckMinutes: realityCheckMinutes.optional(),
});
export type PlayerLimitsUpdate = z.input<typeof limitsBody>;
export const sessionQuery = query({
  since: z
    .string()
    .regex(/^\d{1,16}$/, 'since must be a time in ms')
    .transform(Number),
});
export const exclusionBody = body({
  duration: z.enum(EXCLUSION_DURATIONS, { error: `duration must be one of ${EXCLUSION_DURATIONS.join(', ')}` }),
});
