/**
 * The one place that turns decoded server events into the page's state (docs/architecture.md "From
 * the server to the pixels"): a game event goes to the round's atoms (round/), then, once, to the
 * panels (panels/), the proof checks (proof/) and the follow-ups (the house's limits, the balance);
 * a bet event to the panels at once and to the batched list (round/betList.ts).
 */

import type { BetEvent, GameEvent } from '../../shared/protocol';
import { refreshProfile } from '../account/profile';
import { api } from '../net/api';
import { ownBetEvent, panelsFollowRound, placedElsewhere } from '../panels/serverEvents';
import { rememberRoot } from '../proof/liveRoots';
import { applyGameEvent, applyGameInfo, applyLastRounds } from '../round/roundEvents';
import { betFeed, refreshRoundBets } from '../round/roundBets';
import { houseAtom } from '../state/houseAtom';
import { ownBetIdsAtom } from '../state/ownBetIdsAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { restoreOwnBets } from './ownBets';

/** A game event from STOMP; a stale or repeated one changes nothing and goes no further. */
export function receiveGameEvent(event: GameEvent): void {
  if (applyGameEvent(event)) afterGameEvent(event);
}

/**
 * What follows an applied game event: GAME_CREATED drops the old round's gathering bets, opens the
 * panels' queued bets and refreshes the house's limits; GAME_ENDED and GAME_VOIDED refresh the balance.
 */
function afterGameEvent(event: GameEvent): void {
  const created = event.eventType === 'GAME_CREATED';
  if (created) betFeed.drop();
  panelsFollowRound(event);
  rememberRoot(event);
  if (created) void refreshHouseLimits();
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
  ownBetEvent(event);
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
