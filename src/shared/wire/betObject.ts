/**
 * The bet object of events and lists, in zod/mini: the page decodes every STOMP event with it, and
 * the mini build keeps zod light in the page's bundle (the routes' schemas use classic zod on the server).
 */

import * as z from 'zod/mini';

/** CANCELED and VOID (refunded when a round was voided) are extensions: they only reach BET_CANCELED events and history. */
const betStatus = z.enum(['CREATED', 'REFUNDED', 'CANCELED', 'VOID']);

/** A bet as players see it. `amount` and `winAmount` are hundredths; `rate` is the cash-out multiplier. */
export const bet = z.object({
  betId: z.string(),
  status: betStatus,
  time: z.number(),
  nickname: z.string(),
  amount: z.number(),
  rate: z.nullable(z.number()),
  winAmount: z.nullable(z.number()),
});
export type Bet = z.infer<typeof bet>;
