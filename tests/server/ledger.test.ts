import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { IN_MEMORY, type Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { memoryDatabase } from './databaseImage';
import { accounts, bets, depositIntents, ledgerEntries, rounds } from '../../src/server/db/schema';
import { creditMany, InsufficientFunds, moveBalance, moveHouse } from '../../src/server/betting/balance';
import { balances } from '../../src/server/ledger/books';
import { checkLedger } from '../../src/server/ledger/check';
import { HOUSE_ACCOUNTS } from '../../src/server/betting/transferKinds';
import { startPostgres, type PostgresCluster } from './pg';

const run = promisify(execFile);

async function newAccount(database: Database): Promise<number> {
  const [row] = await database.db
    .insert(accounts)
    .values({ nickname: 'n', referralCode: `c${Math.random()}`, createdAt: Date.now() })
    .returning({ id: accounts.id });
  return row!.id;
}

function ledgerSuite(name: string, open: () => Promise<Database>) {
  describe(`the ledger on ${name}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await open();
    });
    afterAll(() => database.close());

    it('moves a balance and writes a ledger row with the balance after it', async () => {
      const id = await newAccount(database);
      const after = await database.db.transaction((tx) => moveBalance(tx, id, 1500n, 'deposit', `d-${id}`));
      expect(after).toBe(1500n);
      const rows = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, id));
      expect(rows).toMatchObject([{ delta: 1500n, balanceAfter: 1500n, kind: 'deposit', ref: `d-${id}` }]);
    });

    it('refuses a move below zero and writes nothing', async () => {
      const id = await newAccount(database);
      await database.db.transaction((tx) => moveBalance(tx, id, 100n, 'deposit', `e-${id}`));
      await expect(
        database.db.transaction((tx) => moveBalance(tx, id, -101n, 'bet', `b-${id}`)),
      ).rejects.toBeInstanceOf(InsufficientFunds);
      const [account] = await database.db.select().from(accounts).where(eq(accounts.id, id));
      expect(account!.balance).toBe(100n);
      expect(await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, id))).toHaveLength(1);
    });

    it('refuses a second move with the same kind and ref', async () => {
      const id = await newAccount(database);
      await database.db.transaction((tx) => moveBalance(tx, id, 100n, 'deposit', `same-${id}`));
      await expect(
        database.db.transaction((tx) => moveBalance(tx, id, 100n, 'deposit', `same-${id}`)),
      ).rejects.toThrow();
      const [account] = await database.db.select().from(accounts).where(eq(accounts.id, id));
      expect(account!.balance).toBe(100n);
    });

    it('credits many accounts in one statement, one chained ledger row per credit', async () => {
      const [a, b] = [await newAccount(database), await newAccount(database)];
      await database.db.transaction((tx) => moveBalance(tx, a, 1000n, 'deposit', `g-${a}`));
      await database.db.transaction((tx) =>
        creditMany(tx, [
          { accountId: a, delta: 300n, kind: 'deposit', ref: `g1-${a}` },
          { accountId: b, delta: 50n, kind: 'deposit', ref: `g2-${b}` },
          { accountId: a, delta: 25n, kind: 'deposit', ref: `g3-${a}` },
        ]),
      );
      const rows = await database.db
        .select()
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.accountId, [a, b]))
        .orderBy(asc(ledgerEntries.id));
      expect(rows.map((r) => [r.accountId, r.delta, r.balanceAfter, r.ref])).toEqual([
        [a, 1000n, 1000n, `g-${a}`],
        [a, 300n, 1300n, `g1-${a}`],
        [b, 50n, 50n, `g2-${b}`],
        [a, 25n, 1325n, `g3-${a}`],
      ]);
      const balances = await database.db
        .select({ balance: accounts.balance })
        .from(accounts)
        .where(inArray(accounts.id, [a, b]))
        .orderBy(asc(accounts.id));
      expect(balances.map((r) => r.balance)).toEqual([1325n, 50n]);
      expect(await checkLedger(database.db)).toEqual([]);
    });

    it('credits nothing when one credit repeats a (kind, ref) or names no account', async () => {
      const id = await newAccount(database);
      await database.db.transaction((tx) =>
        creditMany(tx, [{ accountId: id, delta: 10n, kind: 'deposit', ref: `h-${id}` }]),
      );
      for (const second of [
        { accountId: id, delta: 10n, kind: 'deposit' as const, ref: `h-${id}` },
        { accountId: 987_654_321, delta: 10n, kind: 'deposit' as const, ref: `h2-${id}` },
      ])
        await expect(
          database.db.transaction((tx) =>
            creditMany(tx, [{ accountId: id, delta: 5n, kind: 'deposit', ref: `h3-${id}` }, second]),
          ),
        ).rejects.toThrow();
      const [account] = await database.db.select().from(accounts).where(eq(accounts.id, id));
      expect(account!.balance).toBe(10n);
      expect(await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, id))).toHaveLength(1);
    });

    it('finds a stake left open in an unfinished round that newer rounds overtook', async () => {
      const id = await newAccount(database);
      await database.db.transaction((tx) => moveBalance(tx, id, 1000n, 'deposit', `s-${id}`));
      const round = (state: string) => ({ state, hash: 'h', fullRate: 9, salt: 's', createdAt: 1, startsAt: 2 });
      const [left] = await database.db.insert(rounds).values(round('STARTED')).returning({ id: rounds.id });
      const [bet] = await database.db
        .insert(bets)
        .values({ roundId: left!.id, accountId: id, amount: 400, status: 'CREATED', cashoutAt: 500, createdAt: 3 })
        .returning({ id: bets.id });
      await database.db.transaction((tx) => moveBalance(tx, id, -400n, 'bet', String(bet!.id)));
      expect(await checkLedger(database.db)).toEqual([]);
      const [next] = await database.db.insert(rounds).values(round('CREATED')).returning({ id: rounds.id });
      expect(await checkLedger(database.db)).toEqual([
        {
          accountId: id,
          problem: `bet ${bet!.id} is still open in round ${left!.id}, left STARTED behind newer rounds`,
        },
      ]);
      await database.db.delete(bets).where(eq(bets.id, bet!.id));
      await database.db.delete(rounds).where(inArray(rounds.id, [left!.id, next!.id]));
      await database.db.transaction((tx) => moveBalance(tx, id, 400n, 'cancel', String(bet!.id)));
    });

    it('finds a ledger row whose account does not exist, and refuses to move the balance of one', async () => {
      const missing = 987_654_321;
      const refused: unknown = await database.db
        .transaction((tx) => moveBalance(tx, missing, 5n, 'deposit', 'nobody'))
        .catch((error: unknown) => error);
      expect(String((refused as { cause?: unknown }).cause)).toMatch(`account ${missing} does not exist`);
      await database.db.insert(ledgerEntries).values({
        accountId: missing,
        delta: 5n,
        balanceAfter: 5n,
        houseAccount: HOUSE_ACCOUNTS.house_wallet.id,
        kind: 'deposit',
        ref: 'orphan',
        createdAt: 1,
      });
      // Written by hand, the row moved no house balance either.
      expect(await checkLedger(database.db)).toEqual([
        {
          accountId: -1,
          problem: expect.stringMatching(/^house account house_wallet: balance -?\d+ but its transfers sum to/),
        },
        { accountId: missing, problem: expect.stringMatching(/^ledger row \d+ names an account that does not exist$/) },
      ]);
      await database.db.delete(ledgerEntries).where(eq(ledgerEntries.ref, 'orphan'));
    });

    it('books every move twice: the house account its kind names moves the other way, and all balances sum to zero', async () => {
      const id = await newAccount(database);
      const before = await balances(database.db);
      await database.db.transaction((tx) => moveBalance(tx, id, 1000n, 'deposit', `two-${id}`));
      await database.db.transaction((tx) => moveBalance(tx, id, -300n, 'withdraw_hold', `two-${id}`));
      await database.db.transaction((tx) => moveHouse(tx, 'withdraw_paid', `two-${id}`, 300n));
      const after = await balances(database.db);
      expect(after.players - before.players).toBe(700n);
      expect(after.house.house_wallet - before.house.house_wallet).toBe(-1000n + 300n);
      expect(after.house.withdrawals - before.house.withdrawals).toBe(0n);
      expect(Object.values(after.house).reduce((sum, b) => sum + b, after.players)).toBe(0n);
      const rows = await database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.ref, `two-${id}`))
        .orderBy(asc(ledgerEntries.id));
      const { house_wallet, withdrawals } = HOUSE_ACCOUNTS;
      expect(rows.map((r) => [r.accountId, r.houseAccount, r.delta, r.balanceAfter, r.kind])).toEqual([
        [id, house_wallet.id, 1000n, 1000n, 'deposit'],
        [id, withdrawals.id, -300n, 700n, 'withdraw_hold'],
        [house_wallet.id, withdrawals.id, 300n, null, 'withdraw_paid'],
      ]);
      // Neither writer takes the other's kinds, and a house transfer moves coins.
      await expect(database.db.transaction((tx) => moveHouse(tx, 'deposit' as never, `x-${id}`, 1n))).rejects.toThrow();
      await expect(
        database.db.transaction((tx) => moveBalance(tx, id, 1n, 'withdraw_paid' as never, `x-${id}`)),
      ).rejects.toThrow();
      await expect(database.db.transaction((tx) => moveHouse(tx, 'deposit_hold', `x-${id}`, 0n))).rejects.toThrow();
      // The withdrawals in transit agree with no withdrawal row only because the test paid what it held.
      expect(await checkLedger(database.db)).toEqual([]);
    });

    it('names a house account whose balance was edited by hand, and a transfer moved to another house account', async () => {
      const id = await newAccount(database);
      await database.db.transaction((tx) => moveBalance(tx, id, 800n, 'deposit', `hand-${id}`));
      const { game, house_wallet, manual } = HOUSE_ACCOUNTS;
      const stripe = sql`account_id = ${game.id} AND stripe = 3`;
      await database.db.execute(sql`UPDATE house_balances SET balance = balance + 7 WHERE ${stripe}`);
      expect(await checkLedger(database.db)).toEqual([
        {
          accountId: game.id,
          problem: expect.stringMatching(/^house account game: balance -?\d+ but its transfers sum to -?\d+$/),
        },
        { accountId: 0, problem: expect.stringMatching(/^the accounts sum to 7, not zero/) },
      ]);
      await database.db.execute(sql`UPDATE house_balances SET balance = balance - 7 WHERE ${stripe}`);
      await database.db
        .update(ledgerEntries)
        .set({ houseAccount: manual.id })
        .where(eq(ledgerEntries.ref, `hand-${id}`));
      expect(await checkLedger(database.db)).toEqual([
        { accountId: manual.id, problem: expect.stringMatching(/^house account manual: balance/) },
        { accountId: house_wallet.id, problem: expect.stringMatching(/^house account house_wallet: balance/) },
        {
          accountId: id,
          problem: expect.stringMatching(
            /^ledger row \d+ of kind deposit moves house account -4, which its kind does not name$/,
          ),
        },
      ]);
      await database.db
        .update(ledgerEntries)
        .set({ houseAccount: house_wallet.id })
        .where(eq(ledgerEntries.ref, `hand-${id}`));
      expect(await checkLedger(database.db)).toEqual([]);
    });

    it('names the deposits held when their account and the held deposits disagree', async () => {
      const id = await newAccount(database);
      const depositId = `held-${id}`;
      await database.db.transaction(async (tx) => {
        await tx.insert(depositIntents).values({
          depositId,
          accountId: id,
          lamports: 5_000_000n,
          hundredths: 50_000n,
          status: 'held',
          createdAt: Date.now(),
          expiresAt: Date.now(),
        });
        await moveHouse(tx, 'deposit_hold', depositId, 50_000n);
      });
      expect(await checkLedger(database.db)).toEqual([]);
      // Marked returned without its transfer back: the account still holds what no deposit does.
      await database.db
        .update(depositIntents)
        .set({ status: 'returned' })
        .where(eq(depositIntents.depositId, depositId));
      expect(await checkLedger(database.db)).toEqual([
        {
          accountId: HOUSE_ACCOUNTS.deposits_held.id,
          problem: expect.stringMatching(
            /^house account deposits_held: balance \d+ but the deposits held and not yet returned hold 0$/,
          ),
        },
      ]);
      await database.db.transaction((tx) => moveHouse(tx, 'deposit_return', depositId, 50_000n));
      expect(await checkLedger(database.db)).toEqual([]);
    });

    it('keeps a CHECK constraint under the guarded update', async () => {
      const id = await newAccount(database);
      await expect(database.db.update(accounts).set({ balance: -1n }).where(eq(accounts.id, id))).rejects.toThrow();
    });

    it('finds an account whose balance differs from its ledger, and a broken balance_after chain', async () => {
      expect(await checkLedger(database.db)).toEqual([]);
      const id = await newAccount(database);
      await database.db.transaction((tx) => moveBalance(tx, id, 500n, 'deposit', `f-${id}`));
      await database.db
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + 1` })
        .where(eq(accounts.id, id));
      expect(await checkLedger(database.db)).toEqual([
        { accountId: 0, problem: expect.stringMatching(/^the accounts sum to 1, not zero/) },
        { accountId: id, problem: 'balance 501 but ledger sums to 500' },
      ]);
      await database.db.update(accounts).set({ balance: 500n }).where(eq(accounts.id, id));
      await database.db
        .update(ledgerEntries)
        .set({ balanceAfter: 7n })
        .where(eq(ledgerEntries.ref, `f-${id}`));
      const problems = await checkLedger(database.db);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.problem).toMatch(/balance_after 7 but the rows before it sum to 500/);
      await database.db
        .update(ledgerEntries)
        .set({ balanceAfter: 500n })
        .where(eq(ledgerEntries.ref, `f-${id}`));
    });
  });
}

ledgerSuite('PGlite', () => memoryDatabase());

describe('PostgreSQL', () => {
  let cluster: PostgresCluster;
  let url: string;
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase('ledger');
  });
  afterAll(() => cluster?.stop());

  ledgerSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: IN_MEMORY }));

  it(
    'npm run ledger:check passes on a sound database and names the account that differs',
    { timeout: 60_000 },
    async () => {
      const env = { ...process.env, DATABASE_URL: url };
      const good = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], { env });
      expect(good.stdout).toContain('ledger check ok');
      const database = await openDatabase({ databaseUrl: url, dataDir: IN_MEMORY });
      const id = await newAccount(database);
      await database.db.update(accounts).set({ balance: 42n }).where(eq(accounts.id, id));
      await database.close();
      const bad = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], { env }).catch(
        (error: { code: number; stdout: string }) => error,
      );
      expect('code' in bad && bad.code).toBe(1);
      expect(bad.stdout).toContain(`account ${id}: balance 42 but ledger sums to 0`);
      expect(bad.stdout).toContain('the ledger: the accounts sum to 42, not zero');
      // A house account edited by hand is named too.
      const again = await openDatabase({ databaseUrl: url, dataDir: IN_MEMORY });
      await again.db.update(accounts).set({ balance: 0n }).where(eq(accounts.id, id));
      await again.db.execute(sql`UPDATE house_balances SET balance = balance - 5 WHERE account_id = -3 AND stripe = 0`);
      await again.close();
      const house = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], { env }).catch(
        (error: { code: number; stdout: string }) => error,
      );
      expect('code' in house && house.code).toBe(1);
      expect(house.stdout).toContain('\nhouse account withdrawals: balance -5 but its transfers sum to 0\n');
    },
  );
});

describe('ledger:check on the PGlite of DATA_DIR', () => {
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'reads the PGlite files of DATA_DIR and names the account whose balance drifted',
    { timeout: 90_000 },
    async () => {
      const database = await openDatabase({ dataDir: dir });
      const id = await newAccount(database);
      await database.db.transaction((tx) => moveBalance(tx, id, 900n, 'deposit', 'g'));
      await database.db.update(accounts).set({ balance: 899n }).where(eq(accounts.id, id));
      await database.close();
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
      const bad = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], { env }).catch(
        (error: { code: number; stdout: string }) => error,
      );
      expect('code' in bad && bad.code).toBe(1);
      expect(bad.stdout).toContain(`account ${id}: balance 899 but ledger sums to 900`);
    },
  );
});
