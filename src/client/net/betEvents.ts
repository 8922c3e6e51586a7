/**
 * BET_* events (docs/spec.md §4) into atoms. The list changes in batches, so a burst of 500 bets costs a few
 * React commits; what a player's own panels do with their bet happens at once.
 */

import type { Bet, BetEvent } from '../../shared/protocol';
import { betEvent, onlineEvent } from '../../shared/wire/events';
import { betsAtom } from '../state/betsAtom';
import { onlineAtom } from '../state/onlineAtom';
import { ownBetIdsAtom } from '../state/ownBetIdsAtom';
import { idle, panelAtoms, settled } from '../state/panelsAtom';
import type { store as appStore } from '../state/store';
import { decode } from './decode';

type Store = typeof appStore;

/** How long bet events gather before the list is written once. */
export const BET_BATCH_MS = 300;

/** A STOMP body as a bet event, or null for anything else. */
export function decodeBetEvent(body: string): BetEvent | null {
  return decode(betEvent, body);
}

/** The online count of a STOMP body, or null. */
export function decodeOnline(body: string): number | null {
  return decode(onlineEvent, body)?.online ?? null;
}

/**
 * The round's bets after a batch of events, newest first: BET_CREATED adds (or replaces) the bet,
 * BET_REFUNDED sets its status, rate and win, BET_CANCELED removes it.
 */
export function reduceBets(bets: readonly Bet[], events: readonly BetEvent[]): Bet[] {
  const byId = new Map(bets.map((bet) => [bet.betId, bet]));
  for (const { eventType, data } of events) {
    if (eventType === 'BET_CANCELED') byId.delete(data.betId);
    else byId.set(data.betId, eventType === 'BET_REFUNDED' ? { ...data, status: 'REFUNDED' } : data);
  }
  return [...byId.values()].sort((a, b) => Number(b.betId) - Number(a.betId));
}

/** The player's own bet ids after an event: refunded ids are added, cancelled ones removed (docs/spec.md §4). */
function reduceOwnBetIds(own: ReadonlySet<string>, event: BetEvent): ReadonlySet<string> {
  const { betId } = event.data;
  if (event.eventType === 'BET_CANCELED' && own.has(betId)) {
    const next = new Set(own);
    next.delete(betId);
    return next;
  }
  return own;
}

/** A cashed-out bet's profit; null for a refund (a voided round's BET_REFUNDED carries no win). */
const profitOf = (bet: { amount: number; winAmount: number | null }) =>
  bet.winAmount === null ? null : bet.winAmount - bet.amount;

/** Applies what a bet event means for the player's panels and own ids, at once. */
function applyOwnBetEvent(store: Store, event: BetEvent): void {
  const own = store.get(ownBetIdsAtom);
  const nextOwn = reduceOwnBetIds(own, event);
  if (nextOwn !== own) store.set(ownBetIdsAtom, nextOwn);
  if (event.eventType === 'BET_CREATED') return;
  for (const panelAtom of panelAtoms) {
    const panel = store.get(panelAtom);
    if (panel.betId !== event.data.betId) continue;
    store.set(
      panelAtom,
      event.eventType === 'BET_CANCELED'
        ? idle(panel)
        : { ...settled(panel, profitOf(event.data)), cashedOutAt: event.data.rate },
    );
  }
}

/** Gathers bet events and writes the list once per BET_BATCH_MS. */
export class BetFeed {
  private queue: BetEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly store: Store) {}

  push(event: BetEvent): void {
    applyOwnBetEvent(this.store, event);
    this.queue.push(event);
    this.timer ??= setTimeout(() => this.flush(), BET_BATCH_MS);
  }

  /** Writes what has gathered. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const events = this.queue;
    this.queue = [];
    this.store.set(betsAtom, reduceBets(this.store.get(betsAtom), events));
  }

  /** A new round: what gathered belongs to the old one. */
  drop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }

  /** Replaces the list with a fetched one; events still gathering apply on top of it. */
  replace(bets: Bet[]): void {
    this.store.set(betsAtom, reduceBets(bets, []));
  }
}

/** Sets the online count when it changed. */
export function applyOnline(store: Store, online: number): void {
  if (store.get(onlineAtom) !== online) store.set(onlineAtom, online);
}
