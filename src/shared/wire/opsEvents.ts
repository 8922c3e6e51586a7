/**
 * The console's STOMP destinations and what they carry (docs/ops.md "Live updates"), also the
 * answers of GET /ops/state and GET /ops/audit's rows. zod/mini, like the page's events: the
 * console decodes them, and with its route types erased this is all of zod it loads.
 */

import * as z from 'zod/mini';

export const OPS_DESTINATIONS = {
  /** The GET /ops/state data, once a second and after every action. Operators only. */
  state: '/topic/ops/state',
  /** Each new audit row. Operators only. */
  audit: '/topic/ops/audit',
} as const;

/** The pause in force; `by` is the operator's email. */
export const opsPause = z.object({ reason: z.string(), since: z.string(), by: z.string() });

/** Money in hundredths of a coin, rates in the wire's hundredths (153 is x1.53). */
export const opsState = z.object({
  paused: z.nullable(opsPause),
  round: z.nullable(
    z.object({
      gameId: z.string(),
      state: z.enum(['CREATED', 'STARTED', 'ENDED', 'VOID']),
      rate: z.number(),
      bets: z.number(),
      stakes: z.number(),
      /** The profit the house would pay if every open bet cashed out now, with the cash-outs already paid this round. */
      owedIfAllCashOut: z.number(),
      /** The round's cap on that profit (null: uncapped). */
      riskCap: z.nullable(z.number()),
    }),
  ),
  house: z.object({
    chainBalance: z.number(),
    coinsOwed: z.number(),
    bankroll: z.number(),
    reservesRatio: z.nullable(z.number()),
  }),
  playersOnline: z.number(),
  /** review: withdrawals held for review; credits: manual credits waiting for a second admin. */
  pending: z.object({ deposits: z.number(), withdrawals: z.number(), review: z.number(), credits: z.number() }),
  /** The house's result of each round: its bets' transfers with the game account. */
  lastRounds: z.array(z.object({ gameId: z.string(), crash: z.number(), houseResult: z.number() })),
  /** Since 00:00 UTC, from the transfers: the game account's net, the manual credits and debits, the credits by operator. */
  today: z.object({
    game: z.number(),
    manualCredits: z.number(),
    manualDebits: z.number(),
    creditsBy: z.array(z.object({ operator: z.string(), amount: z.number() })),
  }),
  errorsLastHour: z.number(),
});

/** An audit row; `before` and `after` are whatever the action changed. */
export const opsAuditRow = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  address: z.nullable(z.string()),
  at: z.string(),
});

/** What each destination carries. */
export const opsEvents = { state: opsState, audit: opsAuditRow } as const;
