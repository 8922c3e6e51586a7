/** The current round's bet list: live events through one BetFeed, and a fresh copy from the server when needed. */

import type { Bet } from '../../shared/protocol';
import { roundAtom } from '../state/roundAtom';
import { store } from '../state/store';
import { getData } from './api';
import { BetFeed } from './betEvents';

/** The page's one feed of bet events. */
export const betFeed = new BetFeed(store);

/** GET /game/bets/{gameId} into the list (spec §4: refreshed after a create; also after a reconnect). */
export async function refreshRoundBets(): Promise<void> {
  const { gameId } = store.get(roundAtom);
  if (gameId === null) return;
  try {
    const bets = await getData<Bet[]>(`/game/bets/${gameId}`);
    if (store.get(roundAtom).gameId === gameId) betFeed.replace(bets);
  } catch {
    // The live events keep the list going.
  }
}
