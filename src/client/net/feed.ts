/** What the page does with each live message beyond the atoms: queued bets go out, balances refresh. */

import type { BetEvent, GameEvent } from '../../shared/protocol';
import { roundAtom } from '../state/roundAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { api } from './api';
import { houseAtom } from '../state/houseAtom';
import { ownBetIdsAtom } from '../state/ownBetIdsAtom';
import { placeQueuedBets } from '../panels/controller';
import { placedElsewhere } from '../panels/serverEvents';
import { applyGameEvent, applyGameInfo, applyLastRounds, isCurrentOrNewer } from '../round/roundEvents';
import { restoreOwnBets } from './ownBets';
import { betFeed, refreshRoundBets } from './roundBets';
import { refreshProfile } from './session';

/** A game event: GAME_CREATED empties the list and sends queued bets; GAME_ENDED and GAME_VOIDED refresh the balance. */
export function receiveGameEvent(event: GameEvent): void {
  if (!isCurrentOrNewer(store.get(roundAtom), event)) return;
  if (event.eventType === 'GAME_CREATED') betFeed.drop();
  if (!applyGameEvent(event)) return;
  afterGameEvent(event);
}

function afterGameEvent(event: GameEvent): void {
  if (event.eventType === 'GAME_CREATED') {
    placeQueuedBets();
    void refreshHouseLimits();
  }
  const settled = event.eventType === 'GAME_ENDED' || event.eventType === 'GAME_VOIDED';
  if (settled && store.get(accessTokenAtom)) void refreshProfile();
}

/**
 * A bet event; a bet the player placed in another tab or device comes to a panel here too, and a
 * settlement of one of the player's bets (a cash-out by hand or auto, the house's forced one, a
 * cancel, a void's refund) moves the header's balance at once, not at the round's end.
 */
export function receiveBetEvent(event: BetEvent): void {
  if (placedElsewhere(event)) void restoreOwnBets();
  const settlesOwn = event.eventType !== 'BET_CREATED' && store.get(ownBetIdsAtom).has(event.data.betId);
  betFeed.push(event);
  if (settlesOwn && store.get(accessTokenAtom)) void refreshProfile();
}

/**
 * On every (re)connect: the round over HTTP (an ENDED one raises game-ended, docs/spec.md §4), then
 * its bets and the player's own; after a reconnect the balance too, as what settled while the page
 * was away (a voided round's refund) came with no event the page saw.
 */
export async function loadRound(reconnected = false): Promise<void> {
  if (reconnected && store.get(accessTokenAtom)) void refreshProfile();
  try {
    const info = await api.get('/game/info');
    for (const event of applyGameInfo(info)) afterGameEvent(event);
    await Promise.all([refreshRoundBets(), restoreOwnBets()]);
  } catch {
    // The STOMP subscription sends the round as well.
  }
}

/** The history strip's rounds. */
export function loadHistory(): Promise<void> {
  return api.get('/game/last').then(
    (rounds) => applyLastRounds(rounds),
    () => undefined,
  );
}

/** The most one bet may win in the round taking bets and the table's limits (docs/architecture.md "House limits"), from /payment/reserves. */
export function refreshHouseLimits(): Promise<void> {
  return api.get('/payment/reserves').then(
    ({ maxBetProfit, largestBet, maxWin }) =>
      store.set(houseAtom, { ...store.get(houseAtom), maxBetProfit, largestBet, maxWin }),
    () => undefined,
  );
}
