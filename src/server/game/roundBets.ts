/**
 * Bets shown on the game pages. The bets table belongs to the ledger (issue 4), which fills these
 * two in; until it has landed no round has bets, so both lists are empty.
 */

import type { Bet, BetWithRound } from '../../shared/protocol';
import type { Db } from '../db/client';

/** The bets of one round, newest first. */
export async function betsOfRound(_db: Db, _roundId: number): Promise<Bet[]> {
  return [];
}

/** The biggest wins with their rounds' fairness data. */
export async function topWins(_db: Db): Promise<BetWithRound[]> {
  return [];
}
