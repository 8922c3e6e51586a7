import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  previousSeed,
  randomSeed,
  roundFromSeed,
  roundHash,
  verifyCrashPoint,
  verifyRound,
} from '../../src/shared/fairness';
import type { FairnessInfo, RoundDetails } from '../../src/shared/protocol';
import { apiGet, auditRounds, type ApiGet } from '../../scripts/auditRounds';
import { startServer, type TestServer } from './harness';

/**
 * The seed chain end to end: the engine stopped and started twice (each start makes a round and
 * each stop voids it, which publishes its secrets), on a chain of 2 links, so the third start has
 * to commit a new chain. (A new process continuing a chain is in seedChains.test.ts.)
 */
/** What npm run verify adds for rounds whose settlements check out and no anchor covers yet. */
const SETTLED =
  'every settlement root checks out against its bets; 0 anchors agree (give --rpc to read them on the chain); every seed chain was announced before its first round';

describe('provably fair seed chain over HTTP', () => {
  let t: TestServer;
  let get: ApiGet;
  beforeAll(async () => {
    // The next chain is committed at the last link of the one in use (SEED_CHAIN_AHEAD=1), so chain 2 exists before round 3.
    t = await startServer({ SEED_CHAIN_LENGTH: '2', SEED_CHAIN_AHEAD: '1', BETTING_MS: '60000' });
    const { engine } = t.server.services;
    for (let restart = 0; restart < 2; restart++) {
      await engine.stop();
      await engine.start();
    }
    get = apiGet(t.api);
  }, 120_000);
  afterAll(() => t?.close());

  it('publishes each chain with its commitment, client seed, source, first round and the formula', async () => {
    const fairness = (await get<FairnessInfo>('/game/fairness'))!;
    expect(fairness.chains.map((chain) => [chain.chainId, chain.firstRoundId, chain.length])).toEqual([
      ['2', '3', 2],
      ['1', '1', 2],
    ]);
    expect(fairness.current).toEqual(fairness.chains[0]);
    expect(fairness.current!.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(fairness.current!.clientSeed).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(fairness.current!.clientSeedSource).toContain('local');
    expect(Object.keys(fairness.formula)).toEqual(['chain', 'random', 'crashPoint', 'hash']);
    expect(JSON.stringify(fairness)).not.toMatch(/sealed|checkpoint/i);
  });

  it("shows a voided round's salt and fullRate, linked to the commitment, and keeps a running round's secret", async () => {
    const fairness = (await get<FairnessInfo>('/game/fairness'))!;
    const [one, two, three] = await Promise.all([1, 2, 3].map((id) => get<RoundDetails>(`/game/round/${id}`)));
    const chain1 = fairness.chains[1]!;
    expect(one).toMatchObject({ gameId: '1', gameState: 'VOID', chainId: '1', chainIndex: 1 });
    expect(await previousSeed(one!.salt!)).toBe(chain1.commitment);
    expect(await previousSeed(two!.salt!)).toBe(one!.salt);
    expect(await verifyRound({ ...two!, fullRate: two!.fullRate!, salt: two!.salt! })).toBe(true);
    expect(await verifyCrashPoint({ fullRate: two!.fullRate!, salt: two!.salt! }, chain1.clientSeed!)).toBe(true);
    expect(three).toMatchObject({ gameId: '3', gameState: 'CREATED', chainId: '2', chainIndex: 1, time: null });
    expect(three).not.toHaveProperty('salt');
    expect(three).not.toHaveProperty('fullRate');
    expect(await get('/game/round/99')).toBeNull();
    expect((await fetch(`${t.api}/game/round/abc`)).status).toBe(400);
  });

  it('npm run verify waits out the limit on public reads: each read is refused once with 429, then answered', async () => {
    const realFetch = globalThis.fetch;
    const refused = new Set<string>();
    vi.stubGlobal('fetch', async (url: string) => {
      if (refused.has(url)) return realFetch(url);
      refused.add(url);
      return new Response('{}', { status: 429, headers: { 'retry-after': '0' } });
    });
    try {
      expect(await auditRounds(apiGet(t.api), 2, 2)).toMatchObject({ ok: true });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(refused.size).toBeGreaterThanOrEqual(3);
  });

  it('passes npm run verify over the finished rounds and names a round that is not over', async () => {
    expect(await auditRounds(get, 1, 2)).toEqual({
      ok: true,
      line: `PASS rounds 1..2: 2 rounds (2 voided, seed chain 1); every hash, crash point and link checks out; ${SETTLED}`,
    });
    expect(await auditRounds(get, 2, 2)).toMatchObject({ ok: true });
    expect(await auditRounds(get, 1, 3)).toEqual({
      ok: true,
      line: `PASS rounds 1..3: 2 rounds (2 voided, seed chain 1); every hash, crash point and link checks out; ${SETTLED}; round 3 is not over yet`,
    });
    expect(await auditRounds(get, 3, 9)).toEqual({
      ok: false,
      line: 'no finished rounds between 3 and 9; round 3 is not over yet',
    });
    // A round that never ended, behind one that did: its secret was never shown.
    const stranded: ApiGet = async <T>(path: string) =>
      (path === '/game/round/1'
        ? { ...(await get<RoundDetails>(path))!, gameState: 'STARTED', salt: undefined }
        : await get<T>(path)) as T;
    expect(await auditRounds(stranded, 1, 2)).toEqual({
      ok: false,
      line: 'MISMATCH round 1: it is STARTED, yet round 2 after it has ended; its salt was never revealed',
    });
  });

  /** The server's answers with round 2 replaced by `forge(round 2)`. */
  const forged =
    (forge: (round: RoundDetails) => Promise<RoundDetails>): ApiGet =>
    async <T>(path: string) => {
      const data = await get<T>(path);
      return (path === '/game/round/2' ? await forge(data as RoundDetails) : data) as T;
    };

  it('catches a changed rate, a crash point the seeds do not give and a salt off the chain', async () => {
    const clientSeed = (await get<FairnessInfo>('/game/fairness'))!.chains[1]!.clientSeed!;
    const changedRate = forged(async (round) => ({ ...round, fullRate: round.fullRate! + 1 }));
    expect((await auditRounds(changedRate, 1, 2)).line).toBe(
      'MISMATCH round 2: The hash published before betting opened does not match this rate and salt.',
    );
    const chosenCrash = forged(async (round) => ({ ...round, fullRate: 100, hash: await roundHash(100, round.salt!) }));
    expect((await auditRounds(chosenCrash, 1, 2)).line).toMatch(
      /^MISMATCH round 2: The salt and the public client seed give x\d+\.\d\d, not the rate shown\.$/,
    );
    const offChain = forged(async (round) => ({ ...round, ...(await roundFromSeed(randomSeed(), clientSeed)) }));
    expect((await auditRounds(offChain, 1, 2)).line).toBe(
      "MISMATCH round 2: The salt does not hash to the previous round's (1) salt: it is not on the committed chain.",
    );
    // Starting the range mid-chain, the salt is hashed down to the commitment instead.
    const offChainAlone = forged(async (round) => ({ ...round, ...(await roundFromSeed(randomSeed(), clientSeed)) }));
    const skipFirst: ApiGet = async <T>(path: string) => (path === '/game/round/1' ? null : offChainAlone<T>(path));
    expect((await auditRounds(skipFirst, 2, 2)).line).toBe(
      "MISMATCH round 2: hashing the salt 2 times does not give seed chain 1's commitment",
    );
  });
});
