/**
 * Bets shown on the game pages. The bets table and its views belong to the ledger (issue 4):
 * its `ledger/betViews.ts` exports these two with the same signatures, and once it has landed
 * game.ts imports them from there and this file goes. Until then no round has bets.
 */

import type { Bet, BetWithRound } from '../../shared/protocol';
import type { Db } from '../db/client';

/** Every bet of a round that was not canceled, newest first. */
export async function roundBets(_db: Db, _roundId: number): Promise<Bet[]> {
  return [];
}

/** The biggest wins cashed out in the last 24 hours. */
export async function leaders(_db: Db): Promise<BetWithRound[]> {
  return [];
}
