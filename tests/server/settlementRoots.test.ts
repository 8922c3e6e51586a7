import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import {
  DESTINATIONS,
  type Anchor,
  type AnchorsResponse,
  type Bet,
  type BetProof,
  type GameEvent,
} from '../../src/shared/protocol';
import type { RoundDetails, RoundHistoryEntry } from '../../src/shared/protocol';
import { proofHolds } from '../../src/shared/settlement';
import type { Db } from '../../src/server/db/client';
import { bets, settlementRoots } from '../../src/server/db/schema';
import { writeAnchor } from '../../src/server/proof/anchors';
import { apiGet, auditRounds } from '../../scripts/auditRounds';
import { auditRtp } from '../../scripts/auditRtp';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { fundedPlayer } from './betting';
import { fixedCrashPoints } from './crashPoints';

// An implementation of RFC 6962 of the test's own (node:crypto, recursion), not the server's src/shared/merkle.ts.
const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leafOf = (text: string) => sha256(Buffer.from([0]), Buffer.from(text, 'utf8'));
const nodeOf = (left: Buffer, right: Buffer) => sha256(Buffer.from([1]), left, right);
const largestPowerBelow = (n: number) => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};
function mth(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return leaves[0]!;
  const k = largestPowerBelow(leaves.length);
  return nodeOf(mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}
/** The root a leaf at `index` of `size` gives with `path` (nearest sibling first), by the tree's own recursion. */
function rootFromPath(leaf: Buffer, index: number, size: number, path: string[]): Buffer {
  if (size === 1) {
    expect(path).toEqual([]);
    return leaf;
  }
  const k = largestPowerBelow(size);
  const top = Buffer.from(path.at(-1)!, 'hex');
  const rest = path.slice(0, -1);
  return index < k
    ? nodeOf(rootFromPath(leaf, index, k, rest), top)
    : nodeOf(top, rootFromPath(leaf, index - k, size - k, rest));
}
/** A bet's leaf written out by hand, keys in sorted order. */
const leafText = (gameId: string, bet: Bet) => {
  const outcome = { REFUNDED: 'cashout', CREATED: 'loss', VOID: 'refund' }[bet.status as 'REFUNDED'];
  return `{"amount":${bet.amount},"betId":"${bet.betId}","gameId":"${gameId}","nickname":${JSON.stringify(bet.nickname)},"outcome":"${outcome}","rate":${bet.rate},"winAmount":${bet.winAmount}}`;
};

describe('settlement roots, proofs, anchors and npm run verify', () => {
  let t: TestServer;
  let db: Db;
  let gameId: string;
  let published: string;
  const ids: Record<'hand' | 'autoWin' | 'autoLoss' | 'canceled', string> = {
    hand: '',
    autoWin: '',
    autoLoss: '',
    canceled: '',
  };
  const events: GameEvent[] = [];
  const next = (test: (event: GameEvent) => boolean) =>
    new Promise<GameEvent>((resolve) => {
      const found = events.find(test);
      if (found) return resolve(found);
      const stop = t.server.services.bus.subscribe(DESTINATIONS.game, (json) => {
        const event = JSON.parse(json) as GameEvent;
        if (!test(event)) return;
        resolve(event);
        stop();
      });
    });

  beforeAll(async () => {
    t = await startServer({ BETTING_MS: '2000', PAUSE_MS: '200' }, { roundSecrets: fixedCrashPoints([1.3]) });
    db = t.server.services.database.db;
    t.server.services.bus.subscribe(DESTINATIONS.game, (json) => void events.push(JSON.parse(json) as GameEvent));
    const players = await Promise.all([0, 1, 2].map(() => fundedPlayer(t.api, db, 10_000)));
    const post = <T>(path: string, body: unknown, token: string) => call<T>(t.api, 'POST', path, body, { token });
    const created = await next((e) => e.eventType === 'GAME_CREATED' && e.data.startsAt - Date.now() > 1000);
    gameId = created.data.gameId;
    const place = async (path: string, body: object, token: string) =>
      (await post<{ betId: string }>(path, body, token)).body.data!.betId;
    ids.hand = await place('/bet/create', { amount: 1000 }, players[0]!.token);
    ids.autoWin = await place('/bet/create/auto', { amount: 1500, rate: 1.1 }, players[1]!.token);
    ids.autoLoss = await place('/bet/create/auto', { amount: 2000, rate: 5 }, players[2]!.token);
    ids.canceled = await place('/bet/create', { amount: 1000 }, players[2]!.token);
    await post('/bet/cancel', { betId: ids.canceled }, players[2]!.token);
    await next((e) => e.eventType === 'GAME_RATE' && e.data.gameId === gameId && e.data.rate >= 1.05);
    expect((await post('/bet/refund', { betId: ids.hand, seenRate: 1.05 }, players[0]!.token)).status).toBe(200);
    const ended = await next((e) => e.eventType === 'GAME_ENDED' && e.data.gameId === gameId);
    published = (ended.data as { settlementRoot: string }).settlementRoot;
  }, 120_000);
  afterAll(() => t?.close());

  it('publishes with the end the root an independent RFC 6962 implementation computes from the published bets', async () => {
    expect(published).toMatch(/^[0-9a-f]{64}$/);
    const roundBets = (await call<Bet[]>(t.api, 'GET', `/game/bets/${gameId}`)).body.data!;
    const leaves = roundBets.toSorted((a, b) => Number(a.betId) - Number(b.betId)).map((bet) => leafText(gameId, bet));
    expect(leaves).toHaveLength(3);
    expect(leaves.join('\n')).toContain('"outcome":"cashout","rate":1.1,"winAmount":1650}');
    expect(leaves.join('\n')).toMatch(/"amount":1000,.*"outcome":"cashout","rate":1\.\d+,"winAmount":1\d{3}}/);
    expect(leaves.join('\n')).toContain('"outcome":"loss","rate":null,"winAmount":null');
    expect(mth(leaves.map(leafOf)).toString('hex')).toBe(published);
    const last = (await call<RoundHistoryEntry[]>(t.api, 'GET', '/game/last')).body.data!;
    expect(last.find((round) => round.gameId === gameId)?.settlementRoot).toBe(published);
    const details = (await call<RoundDetails>(t.api, 'GET', `/game/round/${gameId}`)).body.data!;
    expect(details.settlementRoot).toBe(published);
    // A round without bets has the empty tree's root.
    const empty = await next((e) => e.eventType === 'GAME_ENDED' && Number(e.data.gameId) > Number(gameId));
    expect((empty.data as { settlementRoot: string }).settlementRoot).toBe(sha256().toString('hex'));
  });

  it("gives every bet an audit path to its round's root, public, and none to a canceled bet", async () => {
    for (const betId of [ids.hand, ids.autoWin, ids.autoLoss]) {
      const proof = (await call<BetProof>(t.api, 'GET', `/bet/${betId}/proof`)).body.data!;
      expect(proof).toMatchObject({ gameId, treeSize: 3, root: published });
      expect(JSON.parse(proof.leaf)).toMatchObject({ betId, gameId });
      expect(rootFromPath(leafOf(proof.leaf), proof.index, proof.treeSize, proof.path).toString('hex')).toBe(published);
      expect(proofHolds(proof, published)).toBe(true);
      expect(proofHolds({ ...proof, leaf: proof.leaf.replace(/"amount":\d+/, '"amount":1') }, published)).toBe(false);
    }
    expect((await call(t.api, 'GET', `/bet/${ids.canceled}/proof`)).status).toBe(404);
  });

  let anchor: Anchor;
  it('writes an anchor of the round roots to the local chain and reads it back', async () => {
    anchor = (await writeAnchor(db, t.server.services.chain, Date.now()))!;
    expect(anchor.memo).toBe(`moonrush settlements ${anchor.fromGameId}-${anchor.toGameId} ${anchor.root}`);
    expect(await t.server.services.chain.readMemo(anchor.signature)).toBe(anchor.memo);
    const roots = await Promise.all(
      Array.from({ length: Number(anchor.toGameId) - Number(anchor.fromGameId) + 1 }, (_, i) =>
        call<RoundDetails>(t.api, 'GET', `/game/round/${Number(anchor.fromGameId) + i}`),
      ),
    );
    const leaves = roots
      .map((answer) => answer.body.data!)
      .filter((round) => round.settlementRoot)
      .map((round) => leafOf(`{"gameId":"${round.gameId}","settlementRoot":"${round.settlementRoot}"}`));
    expect(leaves).toHaveLength(anchor.rounds);
    expect(mth(leaves).toString('hex')).toBe(anchor.root);
    const listed = (await call<AnchorsResponse>(t.api, 'GET', '/fairness/anchors')).body.data!;
    expect(listed).toEqual({ chain: 'local', anchors: [anchor] });
    expect(await writeAnchor(db, t.server.services.chain, Date.now()).then((a) => a?.fromGameId)).not.toBe(
      anchor.fromGameId,
    );
  });

  it('npm run verify passes, then names the round and bet of a payout changed in the database and exits 1', async () => {
    const readMemo = (signature: string) => t.server.services.chain.readMemo(signature);
    const to = Number(anchor.toGameId);
    const clean = await auditRounds(apiGet(t.api), 1, to, readMemo);
    expect(clean).toMatchObject({ ok: true });
    expect(clean.line).toContain('every settlement root checks out against its bets');
    expect(clean.line).toMatch(/\d+ anchors? agree, \d+ read back from the chain/);
    const rtp = await auditRtp(apiGet(t.api), Number(gameId), Number(gameId));
    expect(rtp.lines[0]).toMatch(
      new RegExp(
        `^rounds ${gameId}\\.\\.${gameId}: 1 ended \\(0 voided, left out\\), 3 bets, 45 coins staked, 2[67](,\\d\\d)? paid$`,
      ),
    );
    expect(rtp.lines[1]).toMatch(/^realized return to player 6\d\.\d\d % ± 3\d\.\d\d % \(one standard error\)$/);

    await db
      .update(bets)
      .set({ winAmount: sql`${bets.winAmount} + 100` })
      .where(eq(bets.id, Number(ids.autoWin)));
    const caught = await auditRounds(apiGet(t.api), 1, to, readMemo);
    expect(caught.ok).toBe(false);
    expect(caught.line).toContain(`MISMATCH round ${gameId}, bet ${ids.autoWin}: its published settlement`);
    expect(caught.line).toContain('"winAmount":1750');
    const run = await promisify(execFile)('npx', [
      'tsx',
      'scripts/verify.ts',
      '--from',
      '1',
      '--to',
      String(to),
      '--url',
      t.api,
    ]).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`MISMATCH round ${gameId}, bet ${ids.autoWin}`);

    // An operator who rewrites the stored root to match is caught by the anchor.
    const roundBets = (await call<Bet[]>(t.api, 'GET', `/game/bets/${gameId}`)).body.data!;
    const rewritten = mth(
      roundBets.toSorted((a, b) => Number(a.betId) - Number(b.betId)).map((bet) => leafOf(leafText(gameId, bet))),
    );
    await db
      .update(settlementRoots)
      .set({ root: rewritten.toString('hex') })
      .where(eq(settlementRoots.roundId, Number(gameId)));
    const anchored = await auditRounds(apiGet(t.api), 1, to, readMemo);
    expect(anchored.line).toMatch(
      new RegExp(
        `^MISMATCH anchor ${anchor.anchorId} \\(rounds .*a settlement root was changed after it was anchored$`,
      ),
    );
  }, 120_000);
});
