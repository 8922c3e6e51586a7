/**
 * The real rounds the lab replays (docs/hud.md "Player tools"; docs/wire.md "GET /game/rounds"):
 * the newest `count` finished rounds from GET /game/rounds, a page at a time, each checked in this
 * browser (hash, crash point from salt and client seed, link to the round before it on the seed
 * chain: src/shared/roundAudit.ts, the same checks as the Provably Fair dialog and
 * `npm run verify`) before the lab shows any result.
 */

import { ROUNDS_PAGE_MAX } from '../../shared/constants';
import type { RoundDetails } from '../../shared/protocol';
import { checkRound } from '../../shared/roundAudit';
import { api } from '../net/api';
import type { LabRound } from './replay';

export interface VerifiedRounds {
  /** The ended rounds to replay, oldest first (voided ones are left out: their bets were refunded). */
  rounds: (LabRound & RoundDetails)[];
  /** How many rounds were fetched and checked, voided ones included. */
  checked: number;
  /** Rounds whose every check passed. */
  verified: number;
  voided: number;
  /** The first check that failed, in words (the lab then shows no result), or null. */
  failure: string | null;
  /** Rounds some check could not be run for (drawn before seed chains, or the first of the list without its previous round). */
  unchecked: string[];
}

/** Rounds checked at once (each check is a few WebCrypto digests). */
const BATCH = 250;

/** The newest `count` finished rounds, plus the one before them for the oldest one's chain link. */
async function fetchRounds(count: number): Promise<RoundDetails[]> {
  const pages: RoundDetails[][] = [];
  let fetched = 0;
  let before: string | undefined;
  while (fetched <= count) {
    const limit = Math.min(ROUNDS_PAGE_MAX, count + 1 - fetched);
    const page = await api.get('/game/rounds', { query: { limit, before } });
    if (page.length === 0) break;
    pages.unshift(page);
    fetched += page.length;
    before = page[0]!.gameId;
  }
  return pages.flat();
}

export async function loadVerifiedRounds(
  count: number,
  onProgress: (done: number) => void = () => {},
): Promise<VerifiedRounds> {
  const [all, fairness] = await Promise.all([fetchRounds(count), api.get('/game/fairness')]);
  const chains = new Map(fairness.chains.map((chain) => [chain.chainId, chain]));
  const first = Math.max(0, all.length - count);
  const result: VerifiedRounds = { rounds: [], checked: 0, verified: 0, voided: 0, failure: null, unchecked: [] };
  for (let from = first; from < all.length; from += BATCH) {
    const batch = all.slice(from, Math.min(all.length, from + BATCH));
    const checks = await Promise.all(
      batch.map((round, i) => checkRound(round, chains.get(round.chainId ?? ''), all[from + i - 1])),
    );
    for (const [i, round] of batch.entries()) {
      const failed = checks[i]!.find((check) => check.result === 'fail');
      if (failed) return { ...result, failure: `Round ${round.gameId}: ${failed.text}` };
      if (checks[i]!.every((check) => check.result === 'pass')) result.verified++;
      else result.unchecked.push(round.gameId);
      result.checked++;
      if (round.gameState === 'VOID') result.voided++;
      else result.rounds.push({ ...round, fullRate: round.fullRate! });
    }
    onProgress(result.checked);
  }
  return result;
}
