import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireSignature } from '../../src/server/chain/houseTransfer';
import { queryRows, type Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/database';
import { accounts, depositIntents, withdrawals } from '../../src/server/db/schema';
import { moveBalance } from '../../src/server/betting/balance';
import { checkLedger } from '../../src/server/ledger/check';
import { DeathWatch } from '../../src/server/payments/DeathWatch';
import { PaymentWorker } from '../../src/server/payments/PaymentWorker';
import type { Withdrawal } from '../../src/server/payments/settleWithdrawal';
import { signAndStore } from '../../src/server/payments/withdrawals';
import { startServer, type TestServer } from './harness';
import { startPostgres, type PostgresCluster } from './pg';
import { LAMPORTS_PER_SOL } from '../../src/shared/constants';
import {
  balanceOf,
  call,
  fund,
  localChain,
  pay,
  playerWithCoins,
  prepare,
  signedDeposit,
  signIn,
  type Player,
} from './paymentClient';

describe('payment races on PostgreSQL', () => {
  let pg: PostgresCluster;
  let t: TestServer;
  beforeAll(async () => {
    pg = await startPostgres();
    t = await startServer({ DATABASE_URL: await pg.createDatabase('payments') });
  });
  afterAll(async () => {
    await t?.close();
    pg?.stop();
  });

  it('credits a deposit once when eight pay calls race', async () => {
    const player = await signIn(t);
    await fund(t, player.wallet, 3);
    const p = await prepare(t, player, 2);
    const house = await localChain(t).balance(localChain(t).houseAddress);
    const data = await signedDeposit(t, player, p, 2n * LAMPORTS_PER_SOL);
    const replies = await Promise.all(Array.from({ length: 8 }, () => pay(t, player, p.token, data, 2)));
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    expect(await balanceOf(t, player)).toBe(2_000_000n);
    expect(await localChain(t).balance(localChain(t).houseAddress)).toBe(house + 2n * LAMPORTS_PER_SOL);
  });

  it('lets one of four concurrent withdrawals of the whole balance through', async () => {
    const player = await playerWithCoins(t, 0.5);
    const before = await localChain(t).balance(player.wallet);
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(t, 'POST', '/payment/withdraw', { amount: 0.5, wallet: player.wallet }, player.token),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400, 400, 400]);
    expect(await balanceOf(t, player)).toBe(0n);
    expect(await localChain(t).balance(player.wallet)).toBe(before + LAMPORTS_PER_SOL / 2n);
  });
});

describe('payment workers of several processes on one PostgreSQL', () => {
  let pg: PostgresCluster;
  let t: TestServer;
  const others: Database[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
    t = await startServer({ DATABASE_URL: await pg.createDatabase('workers') });
  });
  afterAll(async () => {
    await Promise.all(others.map((database) => database.close()));
    await t?.close();
    pg?.stop();
  });

  it('settles each open deposit and withdrawal once when four workers run their passes at the same instant', async () => {
    const { database, payments, chain } = t.server.services;
    // The server's own worker stops: the four below, each on connections of its own, are the cluster's.
    await t.server.services.paymentWorker.stop();
    const deposits: { player: Player; depositId: string }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const player = await signIn(t);
      await fund(t, player.wallet, 2);
      const p = await prepare(t, player, 1);
      const wire = Buffer.from(await signedDeposit(t, player, p, LAMPORTS_PER_SOL), 'base64');
      // Paid and landed, but the request that would credit it never came back: the workers must.
      await chain.submit(wire);
      await database.db
        .update(depositIntents)
        .set({
          signature: wireSignature(wire),
          lastValidBlockHeight: (await chain.latestBlockhash()).lastValidBlockHeight,
        })
        .where(eq(depositIntents.depositId, p.token));
      deposits.push({ player, depositId: p.token });
    }
    const payee = await playerWithCoins(t, 1);
    const [account] = await database.db.select().from(accounts).where(eq(accounts.wallet, payee.wallet));
    const accountId = account!.id;
    const held: Withdrawal[] = [];
    for (const createdAt of [Date.now(), Date.now(), Date.now() - 120_000]) {
      held.push(
        await database.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(withdrawals)
            .values({
              accountId: accountId,
              wallet: payee.wallet,
              lamports: LAMPORTS_PER_SOL / 10n,
              hundredths: 100_000n,
              createdAt,
            })
            .returning();
          await moveBalance(tx, accountId, -100_000n, 'withdraw_hold', String(row!.id));
          return row!;
        }),
      );
    }
    // Two signed and stored but never sent; the third left unsigned by a server that stopped.
    for (const row of held.slice(0, 2)) expect(await signAndStore(payments, row)).toBeDefined();
    const before = await chain.balance(payee.wallet);

    // A race decided by the guarded UPDATEs leaves no error behind (a unique key stopping a second credit would).
    const errors: string[] = [];
    const workers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const own = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: '' });
        others.push(own);
        const error = ((what: { err?: Error }, message?: string) =>
          void errors.push(`${message}: ${what.err?.message}`)) as typeof payments.log.error;
        const log = { info() {}, warn() {}, error } as unknown as typeof payments.log;
        return new PaymentWorker({ ...payments, db: own.db, log, deathWatch: new DeathWatch(3, 0) }, 60_000);
      }),
    );
    for (let pass = 0; pass < 2; pass += 1) await Promise.all(workers.map((worker) => worker.runOnce()));

    const intents = await database.db.select().from(depositIntents);
    expect(intents.filter((i) => deposits.some((d) => d.depositId === i.depositId)).map((i) => i.status)).toEqual(
      Array(4).fill('credited'),
    );
    for (const { player } of deposits) expect(await balanceOf(t, player)).toBe(1_000_000n);
    const rows = await database.db.select().from(withdrawals);
    expect(rows.map((row) => row.status).sort()).toEqual(['confirmed', 'confirmed', 'failed']);
    expect(await chain.balance(payee.wallet)).toBe(before + LAMPORTS_PER_SOL / 5n);
    expect(await balanceOf(t, payee)).toBe(1_000_000n - 200_000n);
    const twice = await queryRows(
      database.db,
      sql`select kind, ref from ledger_entries group by kind, ref having count(*) > 1`,
    );
    expect(twice).toEqual([]);
    expect(errors).toEqual([]);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
