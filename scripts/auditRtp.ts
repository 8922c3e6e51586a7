/**
 * The work of `npm run audit:rtp`: the realized return to player of a range of rounds from what the
 * server publishes alone (each ended round's bets, GET /game/bets/{gameId}), with its standard
 * error, against the game's theoretical return (docs/provably-fair.md "The RTP audit").
 */

import { RTP } from '../src/shared/constants';
import { formatCoins } from '../src/shared/money';
import type { Bet, RoundDetails } from '../src/shared/protocol';
import type { ApiGet } from './auditRounds';
import { roundBets } from './auditSettlements';

/** Stakes and wins of the bets that were played out (cashed out or lost), in hundredths. */
export interface Played {
  amount: number;
  win: number;
}

/** Realized return Σwin / Σstake and its standard error (the ratio estimator's: √Σ(win − R·stake)² / Σstake). */
export function realizedReturn(bets: readonly Played[]): {
  rtp: number;
  standardError: number;
  staked: number;
  paid: number;
} {
  const staked = bets.reduce((sum, bet) => sum + bet.amount, 0);
  const paid = bets.reduce((sum, bet) => sum + bet.win, 0);
  const rtp = staked === 0 ? NaN : paid / staked;
  const squares = bets.reduce((sum, bet) => sum + (bet.win - rtp * bet.amount) ** 2, 0);
  return { rtp, standardError: Math.sqrt(squares) / staked, staked, paid };
}

/** A published bet as played: a cash-out's win, a loss's nothing; refunds and cancels are not play. */
export const played = (bet: Bet): Played | null =>
  bet.status === 'REFUNDED'
    ? { amount: bet.amount, win: bet.winAmount ?? 0 }
    : bet.status === 'CREATED'
      ? { amount: bet.amount, win: 0 }
      : null;

/** The audit's lines and whether the realized return is within 3 standard errors of RTP. */
export async function auditRtp(get: ApiGet, from: number, to: number): Promise<{ ok: boolean; lines: string[] }> {
  const bets: Played[] = [];
  let ended = 0;
  let voided = 0;
  for (let id = from; id <= to; id++) {
    const round = await get<RoundDetails>(`/game/round/${id}`);
    if (round?.gameState === 'VOID') voided++;
    if (round?.gameState !== 'ENDED') continue;
    ended++;
    for (const bet of await roundBets(get, round.gameId)) {
      const one = played(bet);
      if (one) bets.push(one);
    }
  }
  const { rtp, standardError, staked, paid } = realizedReturn(bets);
  const percent = (x: number) => `${(x * 100).toFixed(2)} %`;
  const lines = [
    `rounds ${from}..${to}: ${ended} ended (${voided} voided, left out), ${bets.length} bets, ${formatCoins(staked)} coins staked, ${formatCoins(paid)} paid`,
  ];
  if (bets.length === 0) return { ok: true, lines: [...lines, 'no bets were played: nothing to compare'] };
  const deviations = (rtp - RTP) / standardError;
  const within = Math.abs(deviations) <= 3;
  lines.push(
    `realized return to player ${percent(rtp)} ± ${percent(standardError)} (one standard error)`,
    `theoretical ${percent(RTP)} (P(crash > m) = ${RTP} / m, whatever the cash-out): the difference, ${((rtp - RTP) * 100).toFixed(2)} points, is ${Math.abs(deviations).toFixed(2)} standard errors: ${within ? 'within' : 'OUTSIDE'} 3 standard errors`,
  );
  return { ok: within, lines };
}
