/**
 * The settlement half of `npm run verify` (docs/provably-fair.md "Auditing a server you do not trust"):
 * every round's settlement root recomputed from its published bets, each anchor's root from the
 * published round roots (and, given an RPC URL, from the memo the chain kept), and every seed chain
 * announced before the round before its first one ended.
 */

import { ROUND_BETS_PAGE } from '../src/shared/constants';
import { leafHash, merkleRoot } from '../src/shared/merkle';
import { proofHolds, rootOfRoots, settlementLeaf, settlementLeaves } from '../src/shared/settlement';
import type { AnchorsResponse, Bet, BetProof, FairnessInfo, RoundDetails } from '../src/shared/protocol';
import type { ApiGet, AuditResult } from './auditRounds';

/** Every bet a round published, all pages. */
export async function roundBets(get: ApiGet, gameId: string): Promise<Bet[]> {
  const all: Bet[] = [];
  for (let before = ''; ;) {
    const page = (await get<Bet[]>(`/game/bets/${gameId}?limit=${ROUND_BETS_PAGE}${before}`)) ?? [];
    all.push(...page);
    if (page.length < ROUND_BETS_PAGE) return all;
    before = `&before=${page.at(-1)!.betId}`;
  }
}

/** Reads an anchor's memo from the chain, or null when it has none (an RPC URL's getTransaction, or a test's chain). */
export type MemoReader = (signature: string) => Promise<string | null>;

/** The first round of the range whose published bets do not give its published root, with the bet that differs when one does. */
async function checkRound(get: ApiGet, round: RoundDetails): Promise<string | null> {
  const bets = await roundBets(get, round.gameId);
  const root = merkleRoot(settlementLeaves(round.gameId, bets).map(leafHash));
  if (root === round.settlementRoot) return null;
  // Name the bet: its proof (the leaf hashes kept when the root was computed) no longer holds for what was published.
  for (const bet of bets) {
    if (bet.status === 'CANCELED') continue;
    const proof = await get<BetProof>(`/bet/${bet.betId}/proof`);
    const leaf = settlementLeaf(round.gameId, bet);
    if (!proof || proof.leaf !== leaf || !proofHolds(proof, round.settlementRoot!))
      return `bet ${bet.betId}: its published settlement ${leaf} is not the one its round's settlement root ${round.settlementRoot} was computed over (a changed payout?)`;
  }
  return `its ${bets.length} published bets give the settlement root ${root}, not the published ${round.settlementRoot}`;
}

/**
 * Checks the settlements of the finished rounds given (in order), the anchors that cover them and
 * the announcement of every seed chain whose first round is among them.
 */
export async function auditSettlements(
  get: ApiGet,
  finished: RoundDetails[],
  readMemo: MemoReader | null,
): Promise<AuditResult> {
  let unrooted = 0;
  for (const round of finished) {
    if (round.settlementRoot === undefined) {
      unrooted++;
      continue;
    }
    const mismatch = await checkRound(get, round);
    if (mismatch) return { ok: false, line: `MISMATCH round ${round.gameId}, ${mismatch}` };
  }
  const anchored = await checkAnchors(get, finished, readMemo);
  if (!anchored.ok) return anchored;
  const announced = await checkAnnouncements(get, finished);
  if (announced) return { ok: false, line: announced };
  const without = unrooted ? `, ${unrooted} without a settlement root (before settlement roots)` : '';
  return {
    ok: true,
    line: `every settlement root checks out against its bets${without}; ${anchored.line}; every seed chain was announced before its first round`,
  };
}

async function allAnchors(get: ApiGet): Promise<AnchorsResponse['anchors']> {
  const all: AnchorsResponse['anchors'] = [];
  for (let before = ''; ;) {
    const page = (await get<AnchorsResponse>(`/fairness/anchors${before}`))?.anchors ?? [];
    all.push(...page);
    if (page.length === 0) return all;
    before = `?before=${page.at(-1)!.anchorId}`;
  }
}

/** Every anchor covering a round of the range: its root from the published round roots, and from the chain's memo. */
async function checkAnchors(get: ApiGet, finished: RoundDetails[], readMemo: MemoReader | null): Promise<AuditResult> {
  if (finished.length === 0) return { ok: true, line: 'no anchors to check' };
  const first = Number(finished[0]!.gameId);
  const last = Number(finished.at(-1)!.gameId);
  const known = new Map(finished.map((round) => [Number(round.gameId), round]));
  const anchors = (await allAnchors(get)).filter((a) => Number(a.toGameId) >= first && Number(a.fromGameId) <= last);
  let onChain = 0;
  for (const anchor of anchors) {
    const roots: { gameId: string; settlementRoot: string }[] = [];
    for (let id = Number(anchor.fromGameId); id <= Number(anchor.toGameId); id++) {
      const round = known.get(id) ?? (await get<RoundDetails>(`/game/round/${id}`));
      if (round?.settlementRoot) roots.push({ gameId: round.gameId, settlementRoot: round.settlementRoot });
    }
    const root = rootOfRoots(roots);
    const where = `anchor ${anchor.anchorId} (rounds ${anchor.fromGameId}..${anchor.toGameId}, transaction ${anchor.signature})`;
    if (root !== anchor.root || roots.length !== anchor.rounds)
      return {
        ok: false,
        line: `MISMATCH ${where}: the ${roots.length} published round roots give ${root}, the anchor says ${anchor.root} over ${anchor.rounds}: a settlement root was changed after it was anchored`,
      };
    if (!readMemo) continue;
    const memo = await readMemo(anchor.signature);
    if (memo === null || !memo.endsWith(` ${root}`) || memo !== anchor.memo)
      return {
        ok: false,
        line: `MISMATCH ${where}: the chain holds ${JSON.stringify(memo)}, not ${JSON.stringify(anchor.memo)}`,
      };
    onChain++;
  }
  const chain = readMemo ? `, ${onChain} read back from the chain` : ' (give --rpc to read them on the chain)';
  return { ok: true, line: `${anchors.length} anchor${anchors.length === 1 ? '' : 's'} agree${chain}` };
}

/** A chain whose first round is in the range must have been committed before the round before it ended. */
async function checkAnnouncements(get: ApiGet, finished: RoundDetails[]): Promise<string | null> {
  const fairness = await get<FairnessInfo>('/game/fairness');
  const ids = new Set(finished.map((round) => round.gameId));
  for (const chain of fairness?.chains ?? []) {
    if (chain.firstRoundId === null || !ids.has(chain.firstRoundId)) continue;
    const firstId = Number(chain.firstRoundId);
    const before = firstId > 1 ? await get<RoundDetails>(`/game/round/${firstId - 1}`) : null;
    const first = finished.find((round) => round.gameId === chain.firstRoundId)!;
    const deadline = before?.time ?? first.time;
    if (deadline !== null && chain.createdAt >= deadline)
      return `MISMATCH seed chain ${chain.chainId}: committed at ${new Date(chain.createdAt).toISOString()}, after round ${before?.gameId ?? first.gameId} ended (${new Date(deadline).toISOString()}): it was not announced before its first round ${chain.firstRoundId}`;
  }
  return null;
}
