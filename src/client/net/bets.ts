/**
 * The bet requests of docs/spec.md §4–§5 (amounts in hundredths): placing one, by hand or with an
 * auto cash-out target, under an Idempotency-Key per press; cancelling; cashing out. The panels'
 * controller (src/client/panels/) decides when to send them.
 */

import { api } from './api';

/** POST /bet/create, or /bet/create/auto with a target (`rate`, two decimals). */
export const createBet = (amount: number, rate: number | null, idempotencyKey: string) =>
  rate !== null
    ? api.post('/bet/create/auto', { amount, rate }, { idempotencyKey })
    : api.post('/bet/create', { amount }, { idempotencyKey });

export const cancelBet = (betId: string) => api.post('/bet/cancel', { betId });

/** POST /bet/refund, the spec's name for a cash-out, with the multiplier the page showed when the player pressed. */
export const cashOut = (betId: string, seenRate: number) => api.post('/bet/refund', { betId, seenRate });
