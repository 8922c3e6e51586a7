import { afterEach, describe, expect, it, vi } from 'vitest';
import { crashPointCheck, linkCheck, replacedChainCheck } from '../../src/client/hud/modals/fairnessChecks';
import { auditRound } from '../../src/client/net/fairness';
import { previousSeed, randomSeed, roundFromSeed } from '../../src/shared/fairness';
import { shownRate } from '../../src/shared/growth';
import type { FairnessInfo, RoundDetails, SeedChainInfo } from '../../src/shared/protocol';

const CLIENT_SEED = 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi';

/** A fake server with rounds 1 and 3 of one chain as links 1 and 2 (id 2 failed to be stored). */
async function serve(
  tamper: (round: RoundDetails) => RoundDetails = (round) => round,
  history: (chain: SeedChainInfo) => SeedChainInfo[] = (chain) => [chain],
) {
  const s2 = randomSeed();
  const s1 = await previousSeed(s2);
  const commitment = await previousSeed(s1);
  const round = async (gameId: string, seed: string, chainIndex: number): Promise<RoundDetails> => {
    const { fullRate, salt, hash } = await roundFromSeed(seed, CLIENT_SEED);
    return {
      gameId,
      gameState: 'ENDED',
      hash,
      rate: shownRate(fullRate),
      fullRate,
      salt,
      time: 1,
      chainId: '1',
      chainIndex,
    };
  };
  const rounds: Record<string, RoundDetails> = { '1': await round('1', s1, 1), '3': tamper(await round('3', s2, 2)) };
  const chain: SeedChainInfo = {
    ...{ chainId: '1', commitment, length: 10, clientSeed: CLIENT_SEED, clientSeedSource: 'local' },
    ...{ clientSeedSlot: null, firstRoundId: '1', createdAt: 0 },
  };
  const chains = history(chain);
  const fairness: FairnessInfo = {
    current: chains[0]!,
    next: null,
    chains,
    formula: { chain: '', random: '', crashPoint: '', hash: '' },
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = String(input);
    const id = path.match(/\/game\/round\/(\d+)$/)?.[1];
    const data = path.endsWith('/game/fairness') ? fairness : id ? rounds[id] : undefined;
    return data
      ? new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ success: false, errorMessage: 'No such round' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
  });
  return rounds;
}

afterEach(() => vi.unstubAllGlobals());

describe("the Provably Fair dialog's checks", () => {
  it('passes the hash, the rate, the crash point and the link to the previous round over a gap in ids', async () => {
    await serve();
    const checks = await auditRound('3');
    expect(checks.map((c) => [c.check, c.result])).toEqual([
      ['hash', 'pass'],
      ['rate', 'pass'],
      ['crashPoint', 'pass'],
      ['link', 'pass'],
    ]);
    expect(checks[3]!.text).toBe(
      "The salt hashes to the previous round's (1) salt: it was fixed when the chain was committed.",
    );
  });

  it('links link 1 to the commitment and fails a hash the player saw that the round does not match', async () => {
    await serve();
    expect((await auditRound('1')).map((c) => c.result)).toEqual(['pass', 'pass', 'pass', 'pass']);
    const checks = await auditRound('1', 'f'.repeat(64));
    expect(checks[0]).toEqual({
      check: 'hash',
      result: 'fail',
      text: 'The hash published before betting opened does not match this rate and salt.',
    });
  });

  it('fails a salt that is not on the chain', async () => {
    await serve((round) => ({ ...round, salt: randomSeed() }));
    const checks = await auditRound('3');
    expect(checks.find((c) => c.check === 'link')?.result).toBe('fail');
    expect(await auditRound('7')).toEqual([
      { check: 'hash', result: 'fail', text: 'The server does not know round 7.' },
    ]);
  });
});

describe("the Provably Fair dialog's seed-chain checks", () => {
  it('read the crash point and the link from one audit, wait for a running round, and need a round id', async () => {
    const rounds = await serve();
    const { gameId, hash, fullRate, salt } = rounds['3']!;
    const shown = { gameId, hash, rate: fullRate!, salt: salt! };
    expect(await crashPointCheck.run(shown)).toEqual({
      ok: true,
      detail: `The salt and the public client seed give the crash point x${shownRate(fullRate!).toFixed(2)}.`,
    });
    expect(await linkCheck.run(shown)).toMatchObject({ ok: true });
    expect(await linkCheck.run({ ...shown, rate: null, salt: null })).toBeNull();
    expect(await linkCheck.run({ ...shown, gameId: undefined })).toEqual({
      ok: null,
      detail: 'Open the round from the history to check it',
    });
  });
});

describe("the Provably Fair dialog's check of replaced seed chains", () => {
  const shown = { gameId: '3', hash: '', rate: null, salt: null };

  it('passes while every chain before the newest had its first round (the newest may still wait for one)', async () => {
    await serve(undefined, (chain) => [{ ...chain, chainId: '2', firstRoundId: null }, chain]);
    expect(await replacedChainCheck.run(shown)).toEqual({
      ok: true,
      detail: 'Every replaced chain was played from its first round',
    });
  });

  it('warns of a chain replaced before its first round was played', async () => {
    await serve(undefined, (chain) => [
      { ...chain, chainId: '3', firstRoundId: null },
      { ...chain, chainId: '2', firstRoundId: null },
      chain,
    ]);
    expect(await replacedChainCheck.run(shown)).toEqual({
      ok: false,
      detail:
        'Warning: seed chain 2 was replaced before its first round was played (its commitment was published, then dropped unused)',
    });
  });
});
