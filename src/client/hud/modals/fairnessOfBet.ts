/** A bet's round as the Provably Fair dialog takes it (leaders and history carry their round's data). */

import type { BetWithRound } from '../../../shared/protocol';
import type { FairnessRound } from '../../state/modalAtom';

export function fairnessOfBet(
  bet: Pick<BetWithRound, 'betId' | 'gameId' | 'gameHash' | 'gameFullRate' | 'gameRate' | 'gameSalt'>,
): FairnessRound {
  const { betId, gameId, gameHash: hash, gameSalt: salt } = bet;
  return { betId, gameId, hash, rate: bet.gameFullRate ?? bet.gameRate, salt };
}
