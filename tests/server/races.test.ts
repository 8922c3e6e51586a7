import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { SignInInput } from '../../src/shared/protocol';
import { queryRows, type Db } from '../../src/server/db/client';
import { bets, ledgerEntries, rounds } from '../../src/server/db/schema';
import { crashInstant } from '../../src/shared/growth';
import { checkLedger } from '../../src/server/ledger/check';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { balanceOf, closeAllRounds, fundedPlayer, openRound, startRound } from './betting';
import { markStarted } from '../../src/server/game/rounds';
import { capRound } from '../../src/server/risk/roundCap';
import { testWallet } from './wallet';
import { HOUSE_STRIPES } from '../../src/server/betting/transferKinds';
import { startPostgres, type PostgresCluster } from './pg';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until a statement of another connection waits for a lock on PostgreSQL (checked every 10 ms, 5 s at most). */
async function someoneWaitsForALock(db: Db): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    const waiting = await db.execute(sql`select 1 from pg_stat_activity where wait_event_type = 'Lock'`);
    if ((waiting as unknown[]).length > 0) return; // postgres.js answers the rows as an array
    await sleep(10);
  }
  throw new Error('no statement waited for a lock within 5 s');
}

/** `manyConnections`: the database serves transactions side by side (PostgreSQL, not PGlite). */
function raceSuite(name: string, env: () => Record<string, string>, manyConnections: boolean) {
  describe(`races on ${name}`, () => {
    let t: TestServer;
    let db: Db;
    beforeAll(async () => {
      t = await startServer({ ROLE: 'gateway', ...env() });
      db = t.server.services.database.db;
    });
    afterAll(() => t.close());
    beforeEach(() => closeAllRounds(db));

    const post = <T>(path: string, body: unknown, token: string) => call<T>(t.api, 'POST', path, body, { token });
    const winsOf = async (ids: number[]) =>
      db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, 'win'), inArray(ledgerEntries.ref, ids.map(String))));

    it('accepts exactly 1 of 200 concurrent bets from an account that covers one: balance 0, ledger = balance', async () => {
      const player = await fundedPlayer(t.api, db, 1000);
      await openRound(db, 2);
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => post('/bet/create', { amount: 1000 }, player.token)),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(199);
      expect(await balanceOf(db, player.id)).toBe(0n);
      expect(await checkLedger(db)).toEqual([]);
    });

    it('accepts exactly 2 of 200 concurrent bets from an account that could pay for 10 (the per-round limit)', async () => {
      const player = await fundedPlayer(t.api, db, 10_000);
      await openRound(db, 2);
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => post('/bet/create', { amount: 1000 }, player.token)),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      expect(await balanceOf(db, player.id)).toBe(8000n);
      expect(await checkLedger(db)).toEqual([]);
    });

    it('judges bets and cancels arriving together each alone, sharing transactions (group commit)', async () => {
      const players = await Promise.all(Array.from({ length: 12 }, () => fundedPlayer(t.api, db, 1000)));
      const poor = await fundedPlayer(t.api, db, 500);
      const twice = await fundedPlayer(t.api, db, 5000);
      await openRound(db, 2);
      const placed = await Promise.all([
        ...players.map((p) => post<{ betId: string }>('/bet/create', { amount: 1000 }, p.token)),
        post<{ betId: string }>('/bet/create', { amount: 1000 }, poor.token),
      ]);
      expect(placed.map((a) => a.status)).toEqual([...Array<number>(12).fill(200), 409]);
      expect(placed[12]!.body.errorMessage).toBe('Not enough funds');
      const ids = placed.slice(0, 12).map((a) => Number(a.body.data!.betId));
      const [shared] = await queryRows<{ n: number }>(
        db,
        sql`select count(distinct xmin::text)::int as n from bets where id in ${ids}`,
      );
      // One placement's transaction each would be 12: the ones that arrived while another was in the database shared one.
      expect(shared!.n).toBeLessThan(12);

      // The same Idempotency-Key twice among the cancels: its batch fails on the key, and each runs alone again.
      const keyed = () =>
        call<{ betId: string }>(
          t.api,
          'POST',
          '/bet/create',
          { amount: 1000 },
          {
            token: twice.token,
            headers: { 'idempotency-key': 'arrived-together' },
          },
        );
      const [first, second, ...cancels] = await Promise.all([
        keyed(),
        keyed(),
        ...players.map((p, i) => post('/bet/cancel', { betId: String(ids[i]) }, p.token)),
      ]);
      expect([first!.status, second!.status]).toEqual([200, 200]);
      expect(second!.body.data!.betId).toBe(first!.body.data!.betId);
      expect(cancels.map((a) => a.status)).toEqual(Array<number>(12).fill(200));
      for (const p of players) expect(await balanceOf(db, p.id)).toBe(1000n);
      expect(await balanceOf(db, poor.id)).toBe(500n);
      expect(await balanceOf(db, twice.id)).toBe(4000n);
      expect(await checkLedger(db)).toEqual([]);
    });

    // Not on PGlite, whose one connection cannot hold a transaction open beside the batch (a test
    // defined but skipped would fail CI, which runs with CI=true).
    if (manyConnections)
      it("never deadlocks a batch with another server's lone bet of one of its players on the same house stripe", async () => {
        const first = await fundedPlayer(t.api, db, 1000);
        let second = await fundedPlayer(t.api, db, 2000);
        for (let more = 0; second.id % HOUSE_STRIPES !== first.id % HOUSE_STRIPES; more++) {
          if (more === 4 * HOUSE_STRIPES) throw new Error('no player on the first one’s stripe');
          second = await fundedPlayer(t.api, db, 2000);
        }
        await openRound(db, 2);
        const place = (account: number) => ({
          op: 'place',
          account,
          amount: 1000,
          autoRate: 200,
          cashoutAt: 200,
          at: Date.now(),
          maxActive: 2,
          key: null,
          fingerprint: null,
        });
        let batch: Promise<PromiseSettledResult<{ answers: object[] }[]>[]> | undefined;
        // The other server's place_bet of the second player, held just after it locked the player's
        // row: the batch, which places both players, waits for that row. Then the lone bet goes on
        // to the stripe, which the batch must not be holding.
        await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT betting_round()`);
          await tx.execute(sql`SELECT 1 FROM accounts WHERE id = ${second.id} FOR UPDATE`);
          batch = Promise.allSettled([
            queryRows<{ answers: object[] }>(
              db,
              sql`SELECT bet_batch(${JSON.stringify([place(first.id), place(second.id)])}::jsonb) AS answers`,
            ),
          ]);
          await someoneWaitsForALock(db);
          await tx.execute(sql`SELECT place_bet(${second.id}, 1000, 200, 200, ${Date.now()}::bigint, 2, null, null)`);
        });
        const [outcome] = await batch!;
        expect(outcome!.status).toBe('fulfilled');
        const [row] = (outcome as PromiseFulfilledResult<{ answers: object[] }[]>).value;
        expect(row!.answers.map((answer) => 'refused' in answer)).toEqual([false, false]);
        expect([await balanceOf(db, first.id), await balanceOf(db, second.id)]).toEqual([0n, 0n]);
        expect(await checkLedger(db)).toEqual([]);
      });

    it('settles cash-outs racing the crash as either won or lost, never both', async () => {
      const players = await Promise.all(Array.from({ length: 16 }, () => fundedPlayer(t.api, db, 1000)));
      const round = await openRound(db, 1.05);
      const ids = await Promise.all(
        players.map(async (p) =>
          Number((await post<{ betId: string }>('/bet/create', { amount: 1000 }, p.token)).body.data!.betId),
        ),
      );
      const live = await startRound(db, round);
      const crash = async () => {
        await sleep(crashInstant(live.startedAt!, 1.05) - Date.now());
        await db
          .update(rounds)
          .set({ state: 'ENDED', rateHundredths: 105, endedAt: Date.now() })
          .where(eq(rounds.id, round.id));
        await t.server.services.settler.roundEnded(live);
      };
      const cashOuts = players.map(async (p, i) => {
        await sleep(i * 70);
        return post('/bet/refund', { betId: String(ids[i]) }, p.token);
      });
      const [answers] = await Promise.all([Promise.all(cashOuts), crash()]);
      const rows = await db.select().from(bets).where(inArray(bets.id, ids));
      const wins = await winsOf(ids);
      for (const [i, answer] of answers.entries()) {
        const row = rows.find((r) => r.id === ids[i])!;
        const paid = wins.filter((w) => w.ref === String(ids[i]));
        if (answer.status === 200) {
          expect(row).toMatchObject({ status: 'CASHED_OUT' });
          expect(row.rate!).toBeLessThan(105);
          expect(paid).toHaveLength(1);
        } else {
          expect(answer.body.errorMessage).toBe('Too late: the rocket has flown away');
          expect(row).toMatchObject({ status: 'CREATED', winAmount: null });
          expect(paid).toHaveLength(0);
        }
      }
      const won = answers.filter((a) => a.status === 200).length;
      expect(won).toBeGreaterThan(0);
      expect(won).toBeLessThan(players.length);
      expect(await checkLedger(db)).toEqual([]);
    });

    it('pays a cash-out sent 20 times at once exactly once', async () => {
      const player = await fundedPlayer(t.api, db, 1000);
      const round = await openRound(db, 50);
      const betId = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
      await startRound(db, round, 5000);
      const answers = await Promise.all(Array.from({ length: 20 }, () => post('/bet/refund', { betId }, player.token)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(await winsOf([Number(betId)])).toHaveLength(1);
      expect(await checkLedger(db)).toEqual([]);
    });

    it('pays an auto cash-out racing a manual one once, at the target', async () => {
      const players = await Promise.all(Array.from({ length: 8 }, () => fundedPlayer(t.api, db, 1000)));
      const round = await openRound(db, 3);
      const ids = await Promise.all(
        players.map(
          async (p) =>
            (await post<{ betId: string }>('/bet/create/auto', { amount: 1000, rate: 1.5 }, p.token)).body.data!.betId,
        ),
      );
      const live = await startRound(db, round, 10_000);
      await Promise.all([
        ...players.map((p, i) => post('/bet/refund', { betId: ids[i] }, p.token)),
        t.server.services.settler.roundTick(live, 1.82),
      ]);
      const wins = await winsOf(ids.map(Number));
      expect(wins.map((w) => [w.ref, w.delta]).sort()).toEqual(ids.map((id) => [id, 1500n]).sort());
      expect(await checkLedger(db)).toEqual([]);
    });

    it('cashes every bet out once, within the round cap, when the house limit races manual cash-outs', async () => {
      const players = await Promise.all(Array.from({ length: 8 }, () => fundedPlayer(t.api, db, 1000)));
      const round = await openRound(db, 50);
      const ids = await Promise.all(
        players.map(
          async (p) =>
            (await post<{ betId: string }>('/bet/create/auto', { amount: 1000, rate: 100 }, p.token)).body.data!.betId,
        ),
      );
      // 8 bets of 10 coins may win 50 coins in all: every bet is cashed out at x1.62 at most.
      const capped = { ...round, maxRoundProfit: 5000, startedAt: Date.now() - 10_000 };
      const settler = t.server.services.settler;
      capped.limitRate = await markStarted(db, round.id, capped.startedAt, (tx) => capRound(tx, capped));
      expect(capped.limitRate).toBe(162);
      await Promise.all([
        ...players.map((p, i) => post('/bet/refund', { betId: ids[i] }, p.token)),
        settler.roundTick(capped, 1.82),
      ]);
      const wins = await winsOf(ids.map(Number));
      expect(wins.map((w) => [w.ref, w.delta]).sort()).toEqual(ids.map((id) => [id, 1620n]).sort());
      expect(await checkLedger(db)).toEqual([]);
    });

    it('accepts a signed sign-in message once even when it arrives 20 times at once', async () => {
      const wallet = testWallet();
      const input = (await call<SignInInput>(t.api, 'GET', `/auth/nonce?wallet=${wallet.address}`)).body.data!;
      const message = createSignInMessageText(input);
      const proof = { login: wallet.address, signature: wallet.signText(message), message };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call(t.api, 'POST', '/auth/authenticate', proof)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(401)]);
    });

    it('settles cancels racing the start as either canceled and refunded or refused, never both', async () => {
      const players = await Promise.all(Array.from({ length: 16 }, () => fundedPlayer(t.api, db, 1000)));
      const round = await openRound(db, 2);
      const ids = await Promise.all(
        players.map(
          async (p) => (await post<{ betId: string }>('/bet/create', { amount: 1000 }, p.token)).body.data!.betId,
        ),
      );
      const cancels = players.map(async (p, i) => {
        await sleep(i * 10);
        return post('/bet/cancel', { betId: ids[i] }, p.token);
      });
      const start = sleep(80).then(() => startRound(db, round));
      const [answers] = await Promise.all([Promise.all(cancels), start]);
      for (const [i, answer] of answers.entries()) {
        const balance = await balanceOf(db, players[i]!.id);
        expect({ status: answer.status, balance }).toEqual(
          answer.status === 200 ? { status: 200, balance: 1000n } : { status: 409, balance: 0n },
        );
      }
      expect(await checkLedger(db)).toEqual([]);
    });

    it('refuses a cancel that arrives while the start writes the round cap into the bets, without a deadlock', async () => {
      const players = await Promise.all(Array.from({ length: 2 }, () => fundedPlayer(t.api, db, 1000)));
      const round = await openRound(db, 50);
      const ids = await Promise.all(
        players.map(
          async (p) =>
            (await post<{ betId: string }>('/bet/create/auto', { amount: 1000, rate: 100 }, p.token)).body.data!.betId,
        ),
      );
      const capped = { ...round, maxRoundProfit: 1000, startedAt: Date.now() };
      let cancel: Promise<{ status: number }> | undefined;
      // The start holds the betting lock; the cancel arrives and waits; then the start writes the
      // bets' targets. A cancel that locked its bet's row before waiting deadlocked with it.
      await markStarted(db, round.id, capped.startedAt, async (tx) => {
        cancel = post('/bet/cancel', { betId: ids[0] }, players[0]!.token);
        // On PostgreSQL the cancel is seen blocked on the betting lock; PGlite's one connection queues
        // it behind this transaction, where nothing shows it arrived, so there it is given 300 ms.
        await (env().DATABASE_URL ? someoneWaitsForALock(db) : sleep(300));
        return capRound(tx, capped);
      });
      expect((await cancel!).status).toBe(409);
      expect(await balanceOf(db, players[0]!.id)).toBe(0n);
      const rows = await db
        .select()
        .from(bets)
        .where(inArray(bets.id, ids.map(Number)));
      expect(rows.map((row) => row.cashoutAt)).toEqual([150, 150]);
      expect(await checkLedger(db)).toEqual([]);
    });
  });
}

raceSuite('PGlite (one connection: requests queue, the outcome rules still hold)', () => ({}), false);

describe('a real PostgreSQL', () => {
  let cluster: PostgresCluster;
  let url = '';
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase('races');
  });
  afterAll(() => cluster?.stop());

  raceSuite('PostgreSQL', () => ({ DATABASE_URL: url }), true);
});
