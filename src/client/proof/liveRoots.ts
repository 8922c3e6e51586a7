/**
 * Keeps each settlement root the page sees live, then checks the player's own bets against it a
 * moment after the round ends, off the frame's path: the checking code (SHA-256, the audit path) is
 * loaded on demand, outside the page's initial JavaScript.
 */

import type { GameEvent } from '../../shared/protocol';
import { liveRootsAtom } from '../state/settlementAtom';
import { store } from '../state/store';

/** Roots of this many rounds are kept. */
const KEPT = 50;
/** How long after the end the own bets are checked: the end's animation and sounds go first. */
const CHECK_AFTER_MS = 1500;

export function rememberRoot(event: GameEvent): void {
  if (event.eventType !== 'GAME_ENDED' && event.eventType !== 'GAME_VOIDED') return;
  const root = event.data.settlementRoot;
  if (!root) return;
  const roots = new Map(store.get(liveRootsAtom)).set(event.data.gameId, root);
  for (const gameId of roots.keys()) if (roots.size > KEPT) roots.delete(gameId);
  store.set(liveRootsAtom, roots);
  setTimeout(() => {
    void import('./verify').then(({ checkOwnBets }) => checkOwnBets());
  }, CHECK_AFTER_MS);
}
