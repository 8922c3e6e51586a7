/** The house's limits the page shows (docs/architecture.md "House limits"): the most one bet may win now, and the round that reached its limit. */

import { atom } from 'jotai';
import type { GameLimitData } from '../../shared/protocol';

export interface HouseState {
  /** Hundredths of profit one bet may win in the round taking bets; null while unknown. */
  maxBetProfit: number | null;
  /** The table's largest bet and largest win in hundredths (settings); null while unknown. */
  largestBet: number | null;
  maxWin: number | null;
  /** The last GAME_LIMIT: every open bet of that round was cashed out at its rate. */
  limit: GameLimitData | null;
}

export const houseAtom = atom<HouseState>({ maxBetProfit: null, largestBet: null, maxWin: null, limit: null });
