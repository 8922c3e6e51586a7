/**
 * The texts that prove settlements (docs/provably-fair.md "Settlement roots", "Receipts", "Anchors"):
 * a bet's leaf, a receipt's payload and an anchor's leaf, each canonical JSON (RFC 8785: keys sorted,
 * no spaces, numbers as JavaScript writes them), so anyone rebuilds the same bytes from published data.
 */

import type { Bet, BetProof, ReceiptPayload } from './protocol';
import { leafHash, merkleRoot, rootFromPath } from './merkle';

/** What a settled bet came to, by its wire status; canceled bets are no leaves. */
const OUTCOMES = { REFUNDED: 'cashout', CREATED: 'loss', VOID: 'refund' } as const;

/** The bet's leaf text in its round's tree: its settled facts as published by GET /game/bets/{gameId}. */
export function settlementLeaf(
  gameId: string,
  bet: Pick<Bet, 'betId' | 'status' | 'nickname' | 'amount' | 'rate' | 'winAmount'>,
): string {
  if (bet.status === 'CANCELED') throw new RangeError(`bet ${bet.betId} was canceled: it is no leaf`);
  const { amount, betId, nickname, rate, winAmount } = bet;
  return JSON.stringify({ amount, betId, gameId, nickname, outcome: OUTCOMES[bet.status], rate, winAmount });
}

/** The leaves of a round's tree in order: its bets that were not canceled, by bet id. */
export function settlementLeaves(gameId: string, bets: readonly Bet[]): string[] {
  return bets
    .filter((bet) => bet.status !== 'CANCELED')
    .toSorted((a, b) => Number(a.betId) - Number(b.betId))
    .map((bet) => settlementLeaf(gameId, bet));
}

/** An anchor's root: RFC 6962 over one leaf {"gameId","settlementRoot"} per round, in round order. */
export function rootOfRoots(roots: readonly { gameId: string; settlementRoot: string }[]): string {
  return merkleRoot(roots.map(({ gameId, settlementRoot }) => leafHash(JSON.stringify({ gameId, settlementRoot }))));
}

/** The memo an anchor writes to the chain: the rounds it covers and the root of their roots. */
export function anchorMemo(fromGameId: string, toGameId: string, root: string): string {
  return `moonrush settlements ${fromGameId}-${toGameId} ${root}`;
}

/**
 * An anchor's memo read back from its transaction's log, as the Memo program writes it: in one line,
 * `Program log: Memo (len N): "text"`, or (older builds) `Program log: Memo (len N)` and the text on the next.
 */
export function memoFromLogs(logs: readonly string[]): string | null {
  for (const [at, line] of logs.entries()) {
    const found = /^Program log: Memo \(len (\d+)\)(?:: (".*"))?$/.exec(line);
    if (!found) continue;
    const text = found[2] ? (JSON.parse(found[2]) as string) : logs[at + 1]?.replace(/^Program log: /, '');
    return text !== undefined && new TextEncoder().encode(text).length === Number(found[1]) ? text : null;
  }
  return null;
}

/** A receipt's payload text: every field of ReceiptPayload, keys sorted. */
export function receiptText(payload: ReceiptPayload): string {
  const sorted = Object.fromEntries(Object.entries(payload).toSorted(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify(sorted);
}

/** True when the proof's leaf and audit path give `root` (the one seen live, or the anchor's). */
export function proofHolds(proof: BetProof, root: string): boolean {
  return rootFromPath(proof.leaf, proof.index, proof.treeSize, proof.path) === root.toLowerCase();
}
