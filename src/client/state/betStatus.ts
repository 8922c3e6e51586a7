/**
 * Where a bet enters the page its wire status becomes the inside one: the spec's REFUNDED is a
 * cash-out (docs/glossary.md), CASHED_OUT as the server stores it. Everything past the decoding reads that.
 */

import type { Bet } from '../../shared/protocol';

export type BetStatus = 'CREATED' | 'CASHED_OUT' | 'CANCELED' | 'VOID';

/** A bet (or a bet with its round) as the page keeps it. */
export type PlayerBet<B extends Bet = Bet> = Omit<B, 'status'> & { status: BetStatus };

export const fromWire = <B extends Bet>(bet: B): PlayerBet<B> => ({
  ...bet,
  status: bet.status === 'REFUNDED' ? 'CASHED_OUT' : bet.status,
});
