/** The current round's bet list: live events through one BetFeed, and a fresh copy from the server when needed. */

import { ROUND_BETS_PAGE } from '../../shared/constants';
import { roundAtom } from '../state/roundAtom';
import { store } from '../state/store';
import { api } from '../net/api';
import { fromWire, type PlayerBet } from '../state/betStatus';
import { BetFeed } from './betList';

/** The page's one feed of bet events. */
export const betFeed = new BetFeed();

/** GET /game/bets/{gameId} into the list (docs/spec.md §4: refreshed after a create; also after a reconnect). */
export async function refreshRoundBets(): Promise<void> {
  const { gameId } = store.get(roundAtom);
  if (gameId === null) return;
  try {
    const bets = await allRoundBets(gameId);
    if (store.get(roundAtom).gameId === gameId) betFeed.replace(bets);
  } catch {
    // The live events keep the list going.
  }
}

/** Every bet of a round, newest first: the server answers ROUND_BETS_PAGE at most, each page older than the last. */
async function allRoundBets(gameId: string): Promise<PlayerBet[]> {
  const bets: PlayerBet[] = [];
  for (;;) {
    const before = bets.at(-1)?.betId;
    const page = await api.get('/game/bets/:gameId', { params: { gameId }, query: { before } });
    bets.push(...page.map(fromWire));
    if (page.length < ROUND_BETS_PAGE) return bets;
  }
}
