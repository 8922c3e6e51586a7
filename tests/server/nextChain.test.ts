import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FairnessInfo, RoundDetails } from '../../src/shared/protocol';
import { apiGet, auditRounds, type ApiGet } from '../../scripts/auditRounds';
import { startServer, type TestServer } from './harness';

/**
 * The next seed chain is committed while the one in use still has SEED_CHAIN_AHEAD links left, so
 * it is public well before its first round. Each engine start makes a round and each stop voids it
 * (publishing its secrets): chains of 3 links, the next announced with 2 left... after round 2.
 */
describe('the next seed chain, announced ahead', () => {
  let t: TestServer;
  let get: ApiGet;
  const fairness = async () => (await get<FairnessInfo>('/game/fairness'))!;
  const restart = async () => {
    await t.server.services.engine.stop();
    await t.server.services.engine.start();
  };
  beforeAll(async () => {
    t = await startServer({ SEED_CHAIN_LENGTH: '3', SEED_CHAIN_AHEAD: '2', BETTING_MS: '60000' });
    get = apiGet(t.api);
  }, 120_000);
  afterAll(() => t?.close());

  it('lists the next chain with GET /game/fairness before its first round, and npm run verify checks it was', async () => {
    expect(await fairness()).toMatchObject({ current: { chainId: '1', firstRoundId: '1' }, next: null });
    await restart(); // round 2: link 2 of 3, one left: the next chain is committed
    await t.server.services.seeds.announced();
    const ahead = await fairness();
    expect(ahead.current).toMatchObject({ chainId: '1' });
    expect(ahead.next).toMatchObject({ chainId: '2', firstRoundId: null, length: 3 });
    expect(ahead.next!.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(ahead.next!.clientSeed).not.toBeNull();

    await restart(); // round 3: the last link of chain 1
    await restart(); // round 4: link 1 of chain 2
    const used = await fairness();
    expect(used.current).toMatchObject({ chainId: '2', firstRoundId: '4', commitment: ahead.next!.commitment });
    const three = (await get<RoundDetails>('/game/round/3'))!;
    expect(used.current!.createdAt).toBeLessThan(three.time!);
    await t.server.services.engine.stop(); // round 4 is voided: its secrets are public

    const pass = await auditRounds(get, 1, 4);
    expect(pass).toMatchObject({ ok: true });
    expect(pass.line).toContain('seed chains 1, 2');
    expect(pass.line).toContain('every seed chain was announced before its first round');

    // A chain committed only once the round before its first had ended is named.
    const late: ApiGet = async <T>(path: string) => {
      const answer = await get<T>(path);
      if (path !== '/game/fairness') return answer;
      const info = answer as FairnessInfo;
      const chains = info.chains.map((chain) =>
        chain.chainId === '2' ? { ...chain, createdAt: three.time! + 1 } : chain,
      );
      return { ...info, chains } as T;
    };
    expect((await auditRounds(late, 1, 4)).line).toMatch(
      /^MISMATCH seed chain 2: committed at .*, after round 3 ended .*: it was not announced before its first round 4$/,
    );
  }, 120_000);
});
