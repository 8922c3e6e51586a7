/**
 * The work of `npm run verify`: fetches rounds from a server and checks each hash, crash point
 * and chain link with the page's own checks (src/shared/roundAudit.ts).
 */

import { hash } from 'node:crypto';
import { checkRound } from '../src/shared/roundAudit';
import type { FairnessInfo, RoundDetails, SeedChainInfo } from '../src/shared/protocol';
import { auditSettlements, type MemoReader } from './auditSettlements';

/** GETs a path under /api/v1 and returns `data`, or null for a 404. */
export type ApiGet = <T>(path: string) => Promise<T | null>;

/** How many times one GET is sent while the server answers 429 (public reads are limited per address). */
const TRIES = 10;

export function apiGet(baseUrl: string): ApiGet {
  const api = baseUrl.replace(/\/+$/, '').replace(/(\/api\/v1)?$/, '/api/v1');
  return async <T>(path: string) => {
    let response = await fetch(api + path);
    for (let tries = 1; response.status === 429 && tries < TRIES; tries++) {
      const seconds = Number(response.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      response = await fetch(api + path);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`GET ${api + path} answered ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  };
}

export type AuditResult = { ok: true; line: string } | { ok: false; line: string };

const PARALLEL = 16;

/**
 * Checks rounds from..to (ids); stops at the first mismatch. The round being played (not over yet)
 * is left out when nothing after it has ended; a finished round after one that never ended is a
 * mismatch, since that round's salt was never revealed. Then their settlements (auditSettlements.ts),
 * reading anchors on the chain with `readMemo` when given.
 */
export async function auditRounds(
  get: ApiGet,
  from: number,
  to: number,
  readMemo: MemoReader | null = null,
): Promise<AuditResult> {
  const fairness = await get<FairnessInfo>('/game/fairness');
  if (!fairness) return { ok: false, line: 'the server does not publish GET /game/fairness' };
  const chains = new Map(fairness.chains.map((chain) => [chain.chainId, chain]));
  let previous = from > 1 ? await get<RoundDetails>(`/game/round/${from - 1}`) : null;
  const counts = { rounds: 0, voided: 0, beforeChains: 0 };
  const chainsSeen = new Set<string>();
  const finished: RoundDetails[] = [];
  let running: RoundDetails | null = null;
  for (let start = from; start <= to; start += PARALLEL) {
    const ids = Array.from({ length: Math.min(PARALLEL, to - start + 1) }, (_, i) => start + i);
    const batch = await Promise.all(ids.map((id) => get<RoundDetails>(`/game/round/${id}`)));
    for (const [i, round] of batch.entries()) {
      if (!round) continue; // ids may have gaps; skipped chain links are caught by the link check
      if (round.salt === undefined) {
        running ??= round;
        continue;
      }
      if (running)
        return {
          ok: false,
          line: `MISMATCH round ${running.gameId}: it is ${running.gameState}, yet round ${round.gameId} after it has ended; its salt was never revealed`,
        };
      const mismatch = await auditRound(
        round,
        round.chainId === null ? undefined : chains.get(round.chainId),
        previous,
      );
      if (mismatch) return { ok: false, line: `MISMATCH round ${ids[i]}: ${mismatch}` };
      counts.rounds++;
      finished.push(round);
      if (round.gameState === 'VOID') counts.voided++;
      if (round.chainId === null) counts.beforeChains++;
      else chainsSeen.add(round.chainId);
      previous = round;
    }
  }
  const notOver = running ? `; round ${running.gameId} is not over yet` : '';
  if (counts.rounds === 0) return { ok: false, line: `no finished rounds between ${from} and ${to}${notOver}` };
  const chainsText = chainsSeen.size
    ? `, seed chain${chainsSeen.size > 1 ? 's' : ''} ${[...chainsSeen].join(', ')}`
    : '';
  const before = counts.beforeChains ? `, ${counts.beforeChains} drawn before seed chains (hash only)` : '';
  const settled = await auditSettlements(get, finished, readMemo);
  if (!settled.ok) return settled;
  return {
    ok: true,
    line: `PASS rounds ${from}..${to}: ${counts.rounds} round${counts.rounds === 1 ? '' : 's'} (${counts.voided} voided${before}${chainsText}); every hash, crash point and link checks out; ${settled.line}${notOver}`,
  };
}

/** The first failed check of a finished round, in words, or null. */
async function auditRound(
  round: RoundDetails,
  chain: SeedChainInfo | undefined,
  previous: RoundDetails | null,
): Promise<string | null> {
  const onSameChain = previous?.salt !== undefined && previous.chainId === round.chainId;
  const checks = await checkRound(round, chain, onSameChain ? previous : null);
  const failed = checks.find((check) => check.result === 'fail');
  if (failed) return failed.text;
  const link = checks.find((check) => check.check === 'link');
  if (link?.result === 'unknown' && chain) return linkToCommitment(round.salt!, round.chainIndex!, chain);
  return null;
}

/** The first round of a range in the middle of a chain: hash its salt all the way down to s_0. */
function linkToCommitment(salt: string, index: number, chain: SeedChainInfo): string | null {
  let seed = Buffer.from(salt, 'hex');
  for (let i = 0; i < index; i++) seed = hash('sha256', seed, 'buffer');
  return seed.toString('hex') === chain.commitment
    ? null
    : `hashing the salt ${index} times does not give seed chain ${chain.chainId}'s commitment`;
}
