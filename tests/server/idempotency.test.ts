import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { bets, ledgerEntries, rounds } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { startPostgres, type PostgresCluster } from './pg';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { balanceOf, closeAllRounds, fundedPlayer, openRound } from './betting';

function idempotencySuite(name: string, env: () => Record<string, string>) {
  describe(`Idempotency-Key on ${name}`, () => {
    let t: TestServer;
    let db: Db;
    beforeAll(async () => {
      t = await startServer({ ROLE: 'gateway', ...env() });
      db = t.server.services.database.db;
    });
    afterAll(() => t.close());
    beforeEach(() => closeAllRounds(db));

    const create = (token: string, key: string) =>
      call<{ betId: string }>(
        t.api,
        'POST',
        '/bet/create',
        { amount: 1000 },
        { token, headers: { 'idempotency-key': key } },
      );

    it('a failure after the bet committed keeps the key: the retry replays the bet instead of placing a second', async () => {
      const player = await fundedPlayer(t.api, db, 5000);
      await openRound(db, 2);
      const bus = t.server.services.bus;
      const publish = bus.publish.bind(bus);
      // The bet is stored, then announcing it fails (a bus that went away): the player hears a 500.
      bus.publish = () => {
        bus.publish = publish;
        throw new Error('the bus went away');
      };
      const first = await create(player.token, 'retry-1');
      expect(first.status).toBe(500);
      const retry = await create(player.token, 'retry-1');
      expect(retry.status).toBe(200);
      const placed = await db.select({ id: bets.id }).from(bets).where(eq(bets.accountId, player.id));
      expect(placed.map((b) => String(b.id))).toEqual([retry.body.data!.betId]);
      expect(await balanceOf(db, player.id)).toBe(4000n);
      expect(await checkLedger(db)).toEqual([]);
    });

    it("a replay of a bet whose target the house's cap lowered says loweredTo, as the first answer did", async () => {
      const player = await fundedPlayer(t.api, db, 1_000_000);
      const round = await openRound(db, 2);
      // The round may pay 50 coins of profit per bet: x100 on 100 coins is lowered to x1.5.
      await db.update(rounds).set({ maxBetProfit: 5000 }).where(eq(rounds.id, round.id));
      const send = () =>
        call(
          t.api,
          'POST',
          '/bet/create/auto',
          { amount: 10_000, rate: 100 },
          { token: player.token, headers: { 'idempotency-key': 'lowered' } },
        );
      const first = await send();
      expect(first.body.data).toEqual({ betId: expect.any(String), loweredTo: 1.5 });
      expect((await send()).body).toEqual(first.body);
    });

    it('the same key sent twice at once places one bet and both hear it', async () => {
      const player = await fundedPlayer(t.api, db, 5000);
      await openRound(db, 2);
      const answers = await Promise.all([create(player.token, 'twin'), create(player.token, 'twin')]);
      const placed = await db.select({ id: bets.id }).from(bets).where(eq(bets.accountId, player.id));
      expect(placed).toHaveLength(1);
      const ok = answers.filter((a) => a.status === 200);
      expect(ok.length).toBeGreaterThan(0);
      for (const answer of ok) expect(answer.body.data!.betId).toBe(String(placed[0]!.id));
      const debits = await db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, player.id));
      expect(debits.filter((row) => row.kind === 'bet')).toHaveLength(1);
    });
  });
}

idempotencySuite('PGlite', () => ({}));

describe('a real PostgreSQL', () => {
  let cluster: PostgresCluster;
  let url = '';
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase('idempotency');
  });
  afterAll(() => cluster?.stop());

  idempotencySuite('PostgreSQL', () => ({ DATABASE_URL: url }));
});
