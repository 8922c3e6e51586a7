/** A bet's round as the Provably Fair dialog takes it (leaders and history carry their round's data). */

import type { BetWithRound } from '../../../shared/protocol';
import type { FairnessRound } from '../../state/modalAtom';

export function fairnessOfBet(
  bet: Pick<BetWithRound, 'gameId' | 'gameHash' | 'gameFullRate' | 'gameRate' | 'gameSalt'>,
): FairnessRound {
  return { gameId: bet.gameId, hash: bet.gameHash, rate: bet.gameFullRate ?? bet.gameRate, salt: bet.gameSalt };
}
