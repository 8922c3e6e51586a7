import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateKeyPairSync, sign } from 'node:crypto';
import { auditPath, leafHash, merkleRoot } from '../../src/shared/merkle';
import { receiptText, settlementLeaf } from '../../src/shared/settlement';
import type { Bet, BetProof, Receipt, ReceiptKeys } from '../../src/shared/protocol';
import { receiveGameEvent } from '../../src/client/game/feed';
import { checkOwnBets, receiptSigner } from '../../src/client/proof/verify';
import { ownBetIdsAtom } from '../../src/client/state/ownBetIdsAtom';
import { liveRootsAtom, ownProofsAtom } from '../../src/client/state/settlementAtom';
import { store } from '../../src/client/state/store';

const bet = (betId: string, winAmount: number | null): Bet => ({
  ...{ betId, status: winAmount === null ? 'CREATED' : 'REFUNDED', time: 1, nickname: 'ab…cd', amount: 1000 },
  ...{ rate: winAmount === null ? null : winAmount / 1000, winAmount },
});

/** A fake server whose proofs are built over `published` bets of round 7, serving `served` as each bet's leaf. */
function serveProofs(published: Bet[], served: Bet[]) {
  const hashes = published.map((b) => leafHash(settlementLeaf('7', b)));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const betId = String(input).match(/\/bet\/(\d+)\/proof$/)?.[1];
    const index = published.findIndex((b) => b.betId === betId);
    const data: BetProof = {
      ...{ gameId: '7', leaf: settlementLeaf('7', served[index]!), index, treeSize: published.length },
      ...{ path: auditPath(hashes, index), root: merkleRoot(hashes) },
    };
    return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
  });
  return merkleRoot(hashes);
}

afterEach(() => vi.unstubAllGlobals());

describe("the page's checks of its own settlements", () => {
  it('checks its bets against the root GAME_ENDED brought, and catches a payout changed since', async () => {
    const published = [bet('11', 2000), bet('12', null), bet('13', 1500)];
    const root = serveProofs(published, [bet('11', 2000), bet('12', null), bet('13', 1600)]);
    receiveGameEvent({
      eventType: 'GAME_ENDED',
      data: { gameId: '7', rate: 1.8, fullRate: 1.8, hash: 'h', salt: 's', time: 1, settlementRoot: root },
    });
    expect(store.get(liveRootsAtom).get('7')).toBe(root);
    store.set(ownBetIdsAtom, new Set(['11', '13']));
    await checkOwnBets();
    expect([...store.get(ownProofsAtom)]).toEqual([
      ['11', true],
      ['13', false],
    ]);
  });

  it("verifies a receipt's Ed25519 signature with WebCrypto against the published keys, and not a changed one", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const raw = (publicKey.export({ format: 'jwk' }).x as string).replace(/-/g, '+').replace(/_/g, '/');
    const keys: ReceiptKeys = { keys: [{ id: 'k1', publicKey: raw, from: 0, until: null }] };
    const payload = receiptText({
      ...{ amount: 1000, acceptedRate: 2.01, auto: false, betId: '11', gameId: '7', keyId: 'k1' },
      ...{ outcome: 'cashout', receivedAt: 5, seenRate: 1.97, settledAt: 5, winAmount: 2010 },
    });
    const receipt: Receipt = { payload, signature: sign(null, Buffer.from(payload), privateKey).toString('base64') };
    expect(await receiptSigner(receipt, keys)).toBe('k1');
    expect(await receiptSigner({ ...receipt, payload: payload.replace('2010', '2011') }, keys)).toBeNull();
  });
});
