import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRound } from '../../src/shared/fairness';
import type { FairnessInfo, RoundDetails } from '../../src/shared/protocol';
import { checkRound } from '../../src/shared/roundAudit';
import { finishedRoundsBefore } from '../../src/server/game/fairnessViews';
import { apiGet, type ApiGet } from '../../scripts/auditRounds';
import { fixedCrashPoints } from './crashPoints';
import { startServer, type TestServer } from './harness';
import { waitUntil } from './stompClient';

/** Every page of GET /game/rounds, newest page first, as the lab reads them. */
async function allPages(get: ApiGet, limit: number): Promise<RoundDetails[][]> {
  const pages: RoundDetails[][] = [];
  for (let before = ''; pages.length < 100;) {
    const page = (await get<RoundDetails[]>(`/game/rounds?limit=${limit}${before}`))!;
    if (page.length === 0) return pages;
    pages.push(page);
    before = `&before=${page[0]!.gameId}`;
  }
  throw new Error('more than 100 pages');
}

/**
 * GET /game/rounds over two seed chains of 3 links: five engine restarts void five rounds (each
 * stop publishes the round's secrets) and leave round 6, on chain 2, waiting for bets.
 */
describe('GET /game/rounds over the seed chains', () => {
  let t: TestServer;
  let get: ApiGet;
  beforeAll(async () => {
    t = await startServer({ SEED_CHAIN_LENGTH: '3', BETTING_MS: '60000' });
    for (let restart = 0; restart < 5; restart++) {
      await t.server.services.engine.stop();
      await t.server.services.engine.start();
    }
    get = apiGet(t.api);
  }, 120_000);
  afterAll(() => t?.close());

  it('pages the finished rounds oldest first within a page, newest page first, without the running round', async () => {
    const pages = await allPages(get, 2);
    expect(pages.map((page) => page.map((round) => round.gameId))).toEqual([['4', '5'], ['2', '3'], ['1']]);
    expect((await get<RoundDetails[]>('/game/rounds'))!.map((round) => round.gameId)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(await get('/game/rounds?before=1')).toEqual([]);
  });

  it('gives each round the secrets and the chain link that prove it, checked as the page checks them', async () => {
    const rounds = (await allPages(get, 2)).reverse().flat();
    const chains = new Map((await get<FairnessInfo>('/game/fairness'))!.chains.map((c) => [c.chainId, c]));
    expect(rounds.map((round) => [round.gameState, round.chainId, round.chainIndex])).toEqual([
      ['VOID', '1', 1],
      ['VOID', '1', 2],
      ['VOID', '1', 3],
      ['VOID', '2', 1],
      ['VOID', '2', 2],
    ]);
    for (const [i, round] of rounds.entries()) {
      expect(round).toEqual(await get<RoundDetails>(`/game/round/${round.gameId}`));
      const checks = await checkRound(round, chains.get(round.chainId!), rounds[i - 1]);
      expect(checks.map((check) => [check.check, check.result])).toEqual([
        ['hash', 'pass'],
        ['crashPoint', 'pass'],
        ['link', 'pass'],
      ]);
    }
  });

  it('refuses a limit outside 1..1000 and a before that is not a round number', async () => {
    for (const query of ['limit=0', 'limit=1001', 'limit=2.5', 'before=abc', 'before=0']) {
      expect((await fetch(`${t.api}/game/rounds?${query}`)).status, query).toBe(400);
    }
    expect((await fetch(`${t.api}/game/rounds?limit=1000`)).status).toBe(200);
  });
});

describe('GET /game/rounds while rounds are played', () => {
  let t: TestServer;
  /** How many rounds have ended, read from the database (the HTTP reads are what is limited). */
  let ended = 0;
  let poll: NodeJS.Timeout | undefined;
  beforeAll(async () => {
    t = await startServer(
      { BETTING_MS: '100', PUBLIC_CACHE_MS: '60000', RATE_LIMIT_PUBLIC_IP: '4' },
      { roundSecrets: fixedCrashPoints([1, 1.01]) },
    );
    const { db } = t.server.services.database;
    poll = setInterval(() => void finishedRoundsBefore(db, null, 10).then((rounds) => (ended = rounds.length)), 50);
  });
  afterAll(async () => {
    clearInterval(poll);
    await t?.close();
  });

  it('shows ended rounds with their rate, keeps one answer per page for PUBLIC_CACHE_MS and limits each address', async () => {
    await waitUntil(() => ended >= 3, 20_000, 'three ended rounds');
    const first = await fetch(`${t.api}/game/rounds?limit=3`);
    const page = ((await first.json()) as { data: RoundDetails[] }).data;
    expect(page).toHaveLength(3);
    for (const round of page) {
      expect(round).toMatchObject({ gameState: 'ENDED', rate: round.fullRate === 1 ? 1 : 1.01 });
      expect(await verifyRound({ hash: round.hash, fullRate: round.fullRate!, salt: round.salt! })).toBe(true);
    }
    // More rounds end meanwhile, but the page is the one read first until the cache expires.
    const ids = page.map((round) => round.gameId);
    await waitUntil(() => ended >= 5, 20_000, 'two more rounds');
    const again = ((await (await fetch(`${t.api}/game/rounds?limit=3`)).json()) as { data: RoundDetails[] }).data;
    expect(again.map((round) => round.gameId)).toEqual(ids);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${t.api}/game/rounds?limit=3`)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
