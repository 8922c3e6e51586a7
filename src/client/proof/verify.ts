/**
 * The page's checks of settlements (docs/provably-fair.md "In the page"), loaded on demand: a bet's
 * audit path against a round's root (src/shared/settlement.ts, the verifier's code), and a receipt's
 * Ed25519 signature against the keys of GET /fairness/keys (WebCrypto).
 */

import type { BetProof, Receipt, ReceiptKeys } from '../../shared/protocol';
import { proofHolds } from '../../shared/settlement';
import { ApiError, api } from '../net/api';
import { betsAtom } from '../state/betsAtom';
import { ownBetIdsAtom } from '../state/ownBetIdsAtom';
import { roundAtom } from '../state/roundAtom';
import { liveRootsAtom, ownProofsAtom } from '../state/settlementAtom';
import { store } from '../state/store';

/** A bet's proof, or null while it has none (unknown, canceled, or its round not settled yet). */
export async function proofOf(betId: string): Promise<BetProof | null> {
  try {
    return await api.get('/bet/:betId/proof', { params: { betId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** True when the proof is of bet `betId` and its audit path gives `root`. */
export function holds(proof: BetProof, betId: string, root: string): boolean {
  return (JSON.parse(proof.leaf) as { betId?: string }).betId === betId && proofHolds(proof, root);
}

/** Own bets the server had no proof of once their round was over: not asked for again. */
const unproven = new Set<string>();

/**
 * Checks every own bet not checked yet whose round's root the page saw live. The bets of the round
 * taking bets or flying now have no root yet: they wait for its end (asking would answer 404).
 */
export async function checkOwnBets(): Promise<void> {
  const checked = store.get(ownProofsAtom);
  const roots = store.get(liveRootsAtom);
  const round = store.get(roundAtom).gameId;
  const open = round && roots.has(round) ? new Set() : new Set(store.get(betsAtom).map((bet) => bet.betId));
  for (const betId of store.get(ownBetIdsAtom)) {
    if (checked.has(betId) || open.has(betId) || unproven.has(betId)) continue;
    const proof = await proofOf(betId).catch(() => undefined);
    if (proof === null) unproven.add(betId);
    const root = proof && roots.get(proof.gameId);
    if (!proof || !root) continue;
    store.set(ownProofsAtom, new Map(store.get(ownProofsAtom)).set(betId, holds(proof, betId, root)));
  }
}

const SPKI_ED25519 = Uint8Array.from([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]);
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The key that signed the receipt, or null when none of the published keys did (or this browser has no Ed25519). */
export async function receiptSigner(receipt: Receipt, keys: ReceiptKeys): Promise<string | null> {
  const data = new TextEncoder().encode(receipt.payload);
  const signature = fromBase64(receipt.signature);
  for (const key of keys.keys) {
    try {
      const spki = new Uint8Array([...SPKI_ED25519, ...fromBase64(key.publicKey)]);
      const publicKey = await crypto.subtle.importKey('spki', spki, { name: 'Ed25519' }, false, ['verify']);
      if (await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, signature, data)) return key.id;
    } catch {
      return null;
    }
  }
  return null;
}
