/**
 * The Provably Fair dialog's checks (docs/provably-fair.md "In the page"): the round from GET /game/round/{id}, its
 * seed chain from GET /game/fairness and the round before it on the chain, checked by the same
 * code as `npm run verify`. The hash the player was shown (published before the round) is checked
 * rather than the server's copy of it.
 */

import type { RoundDetails } from '../../shared/protocol';
import { checkRound, type RoundCheck } from '../../shared/roundAudit';
import { ApiError, api } from './api';

/** Round ids may have gaps (a round that failed to be stored): look this far back for the previous one. */
const LOOK_BACK = 5;

async function roundOrNull(id: number): Promise<RoundDetails | null> {
  try {
    return await api.get('/game/round/:gameId', { params: { gameId: String(id) } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Each check of round `gameId` (with the hash the player saw, when given), passing, failing or unknown, in words. */
export async function auditRound(gameId: string, shownHash?: string): Promise<RoundCheck[]> {
  const id = Number(gameId);
  const [fetched, fairness] = await Promise.all([roundOrNull(id), api.get('/game/fairness')]);
  if (!fetched) return [{ check: 'hash', result: 'fail', text: `The server does not know round ${gameId}.` }];
  const round: RoundDetails = { ...fetched, hash: shownHash ?? fetched.hash };
  const chain = fairness.chains.find((candidate) => candidate.chainId === round.chainId);
  let previous: RoundDetails | null = null;
  if (round.chainIndex !== null && round.chainIndex > 1)
    for (let back = id - 1; !previous && back >= Math.max(1, id - LOOK_BACK); back--)
      previous = await roundOrNull(back);
  return checkRound(round, chain, previous);
}
