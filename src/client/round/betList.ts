/**
 * BET_* events (docs/spec.md §4, decoded by net/betEvents.ts) into the round's bet list and the
 * online count. The list changes in batches, so a burst of 500 bets costs a few React commits; the
 * game's feed (game/feed.ts) hands the player's own bets to the panels' controller at once.
 */

import { Batch } from '../../shared/Batch';
import type { BetEvent } from '../../shared/protocol';
import { fromWire, type PlayerBet } from '../state/betStatus';
import { betsAtom } from '../state/betsAtom';
import { onlineAtom } from '../state/onlineAtom';
import { store } from '../state/store';

/** How long bet events gather before the list is written once. */
export const BET_BATCH_MS = 300;

/**
 * The round's bets after a batch of events, newest first: BET_CREATED adds (or replaces) the bet,
 * BET_REFUNDED cashes it out (its rate and win), BET_CANCELED removes it (a void's refund marks it).
 */
export function reduceBets(bets: readonly PlayerBet[], events: readonly BetEvent[]): PlayerBet[] {
  const byId = new Map(bets.map((bet) => [bet.betId, bet]));
  for (const { eventType, data } of events) {
    // A voided round's refund comes as BET_CANCELED with status VOID: the bet stays, marked returned.
    if (eventType === 'BET_CANCELED' && data.status !== 'VOID') byId.delete(data.betId);
    else {
      const bet = fromWire(data);
      byId.set(data.betId, eventType === 'BET_REFUNDED' ? { ...bet, status: 'CASHED_OUT' } : bet);
    }
  }
  return [...byId.values()].sort((a, b) => Number(b.betId) - Number(a.betId));
}

/** Gathers bet events and writes the list once per BET_BATCH_MS. */
export class BetFeed {
  private readonly batch = new Batch<BetEvent>(BET_BATCH_MS, () => this.flush());

  push(event: BetEvent): void {
    this.batch.push(event);
  }

  /** Writes what has gathered. */
  flush(): void {
    const events = this.batch.take();
    if (events.length > 0) store.set(betsAtom, reduceBets(store.get(betsAtom), events));
  }

  /** A new round: what gathered belongs to the old one. */
  drop(): void {
    this.batch.take();
  }

  /** Replaces the list with a fetched one; events still gathering apply on top of it. */
  replace(bets: PlayerBet[]): void {
    store.set(betsAtom, reduceBets(bets, []));
  }
}

/** Sets the online count when it changed. */
export function applyOnline(online: number): void {
  if (store.get(onlineAtom) !== online) store.set(onlineAtom, online);
}
