import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import type { CashOutLatency, Receipt, ReceiptKeys, ReceiptPayload } from '../../src/shared/protocol';
import type { Db } from '../../src/server/db/client';
import { ReceiptSigner } from '../../src/server/proof/ReceiptSigner';
import { msToRate } from '../../src/shared/growth';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { closeAllRounds, endRound, fundedPlayer, openRound, startRound } from './betting';

/** Verifies a receipt with node:crypto against any key GET /fairness/keys lists: not the server's signer. */
function verifies(receipt: Receipt, keys: ReceiptKeys): boolean {
  return keys.keys.some((key) => {
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(key.publicKey, 'base64')]);
    const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    return verify(null, Buffer.from(receipt.payload, 'utf8'), publicKey, Buffer.from(receipt.signature, 'base64'));
  });
}

/** The receipt with byte `at` of its payload changed. */
function flipped(receipt: Receipt, at: number): Receipt {
  const bytes = Buffer.from(receipt.payload, 'utf8');
  bytes[at] = bytes[at]! ^ 0x01;
  return { ...receipt, payload: bytes.toString('utf8') };
}

describe('signed cash-out receipts', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startServer({ ROLE: 'gateway' });
    db = t.server.services.database.db;
  }, 120_000);
  afterAll(() => t?.close());
  beforeEach(() => closeAllRounds(db));

  const post = <T>(path: string, body: unknown, token: string) => call<T>(t.api, 'POST', path, body, { token });
  const get = <T>(path: string, token?: string) => call<T>(t.api, 'GET', path, undefined, { token });
  const keys = async () => (await get<ReceiptKeys>('/fairness/keys')).body.data!;
  const payload = (receipt: Receipt) => JSON.parse(receipt.payload) as ReceiptPayload;

  it('signs a cash-out by hand with the seen and accepted rates; the published key verifies it and one changed byte fails', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 5);
    const betId = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    await startRound(db, round, Math.ceil(msToRate(2)) + 50);
    const answer = await post<{ rate: number; winAmount: number; receipt: Receipt }>(
      '/bet/refund',
      { betId, seenRate: 1.97 },
      player.token,
    );
    expect(answer.status).toBe(200);
    const { receipt, rate, winAmount } = answer.body.data!;
    const published = await keys();
    expect(published.keys.filter((k) => k.until === null)).toHaveLength(1);
    expect(verifies(receipt, published)).toBe(true);
    const facts = payload(receipt);
    expect(published.keys.find((k) => k.until === null)!.id).toBe(facts.keyId);
    expect(facts).toMatchObject({ betId, gameId: String(round.id), outcome: 'cashout', auto: false, amount: 1000 });
    expect(facts).toMatchObject({ seenRate: 1.97, acceptedRate: rate, winAmount });
    expect(facts.receivedAt).toBe(facts.settledAt);
    expect(Object.keys(facts)).toEqual(Object.keys(facts).toSorted());
    for (const at of [0, receipt.payload.indexOf('1.97') + 2, receipt.payload.length - 2])
      expect(verifies(flipped(receipt, at), published)).toBe(false);
    const signature = Buffer.from(receipt.signature, 'base64');
    signature[10] = signature[10]! ^ 0x80;
    expect(verifies({ ...receipt, signature: signature.toString('base64') }, published)).toBe(false);

    // The same receipt on request, byte for byte, to its owner only.
    expect((await get<Receipt>(`/bet/${betId}/receipt`, player.token)).body.data).toEqual(receipt);
    const stranger = await fundedPlayer(t.api, db, 0);
    expect((await get(`/bet/${betId}/receipt`, stranger.token)).status).toBe(404);
    expect((await get(`/bet/${betId}/receipt`)).status).toBe(401);
  });

  it('gives an auto cash-out a receipt without a seen rate, and a late press a signed refusal, then a loss', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 1.5);
    const auto = (await post<{ betId: string }>('/bet/create/auto', { amount: 1000, rate: 1.2 }, player.token)).body
      .data!.betId;
    const late = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    const live = await startRound(db, round, 7000);
    await t.server.services.settler.roundTick(live, 1.25);
    const refused = await post<{ receipt: Receipt }>('/bet/refund', { betId: late, seenRate: 1.49 }, player.token);
    expect([refused.status, refused.body.errorMessage]).toEqual([409, 'Too late: the rocket has flown away']);
    const refusal = refused.body.data!.receipt;
    expect(verifies(refusal, await keys())).toBe(true);
    expect(payload(refusal)).toMatchObject({ betId: late, outcome: 'refused', seenRate: 1.49, acceptedRate: null });
    expect(payload(refusal).winAmount).toBe(0);
    await endRound(db, round);

    const autoReceipt = (await get<Receipt>(`/bet/${auto}/receipt`, player.token)).body.data!;
    expect(verifies(autoReceipt, await keys())).toBe(true);
    expect(payload(autoReceipt)).toMatchObject({ outcome: 'cashout', auto: true, seenRate: null, acceptedRate: 1.2 });
    expect(payload(autoReceipt)).toMatchObject({ receivedAt: null, winAmount: 1200 });
    const loss = (await get<Receipt>(`/bet/${late}/receipt`, player.token)).body.data!;
    expect(verifies(loss, await keys())).toBe(true);
    expect(payload(loss)).toMatchObject({ outcome: 'loss', seenRate: 1.49, acceptedRate: null, winAmount: 0 });
    expect(payload(loss).receivedAt).toBe(payload(refusal).receivedAt);
  });

  it('publishes the last hour of latency over all players, and keeps old receipts verifiable after a key rotation', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 5);
    const betId = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    await startRound(db, round, Math.ceil(msToRate(2.5)));
    const { receipt } = (await post<{ receipt: Receipt }>('/bet/refund', { betId, seenRate: 2.4 }, player.token)).body
      .data!;
    await t.server.services.presses.flush();
    const latency = (await get<CashOutLatency>('/fairness/latency')).body.data!;
    expect(latency.count).toBeGreaterThanOrEqual(2);
    expect(latency.p50Ms).toBeGreaterThan(0);
    expect(latency.p99Ms).toBeGreaterThanOrEqual(latency.p50Ms!);

    const before = await keys();
    const next = new ReceiptSigner(randomBytes(32));
    await next.publish(db, Date.now());
    const after = await keys();
    expect(after.keys).toHaveLength(before.keys.length + 1);
    expect(after.keys.filter((k) => k.until === null).map((k) => k.id)).toEqual([next.keyId]);
    expect(verifies(receipt, after)).toBe(true);
  });
});
