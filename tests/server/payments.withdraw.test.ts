import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { balanceOf, call, fund, localChain, playerWithCoins, type Player } from './paymentClient';
import { withdrawals } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { settleWithdrawal } from '../../src/server/payments/settleWithdrawal';
import { endRound, openRound } from './betting';

const LAMPORTS = 1_000_000_000n;

describe('withdrawals on the local chain', () => {
  let t: TestServer;
  const chain = () => localChain(t);
  const withdraw = (player: Player, amount: number, wallet = player.wallet) =>
    call<{ signature: string }>(t, 'POST', '/payment/withdraw', { amount, wallet }, player.token);
  const rowsOf = (player: Player) =>
    t.server.services.database.db.select().from(withdrawals).where(eq(withdrawals.wallet, player.wallet));

  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('moves SOL on the chain and coins in the ledger by the same amount', async () => {
    const player = await playerWithCoins(t, 1);
    const walletBefore = await chain().balance(player.wallet);
    const reply = await withdraw(player, 0.3);
    expect(reply.status).toBe(200);
    expect(await chain().status(reply.body.data!.signature)).toEqual({ state: 'finalized' });
    expect(await chain().balance(player.wallet)).toBe(walletBefore + (3n * LAMPORTS) / 10n);
    expect(await balanceOf(t, player)).toBe(700_000n);
    expect((await rowsOf(player)).map((row) => row.status)).toEqual(['confirmed']);
  });

  it('refuses less than 0.02 SOL with the minimum in coins', async () => {
    const player = await playerWithCoins(t, 0.1);
    expect((await withdraw(player, 0.0199)).body).toEqual({
      success: false,
      errorMessage: 'Minimum withdrawal is 200 coins',
    });
    expect(await balanceOf(t, player)).toBe(100_000n);
  });

  it('refuses more than the balance and holds nothing', async () => {
    const player = await playerWithCoins(t, 0.1);
    const reply = await withdraw(player, 0.11);
    expect(reply.status).toBe(400);
    expect(reply.body.errorMessage).toBe('Not enough funds');
    expect(await balanceOf(t, player)).toBe(100_000n);
    expect(await rowsOf(player)).toEqual([]);
  });

  it("refuses a wallet other than the player's own", async () => {
    const player = await playerWithCoins(t, 0.1);
    const reply = await withdraw(player, 0.05, Keypair.generate().publicKey.toBase58());
    expect(reply.status).toBe(400);
    expect(reply.body.errorMessage).toBe('Withdrawals go only to your own wallet');
    expect(await balanceOf(t, player)).toBe(100_000n);
  });

  it('lets one of two concurrent withdrawals of the whole balance through', async () => {
    const player = await playerWithCoins(t, 0.5);
    const walletBefore = await chain().balance(player.wallet);
    const replies = await Promise.all([withdraw(player, 0.5), withdraw(player, 0.5)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect(await balanceOf(t, player)).toBe(0n);
    expect(await chain().balance(player.wallet)).toBe(walletBefore + LAMPORTS / 2n);
    expect(await rowsOf(player)).toHaveLength(1);
  });

  it('leaves every balance equal to its ledger, holds and releases included', async () => {
    expect(await checkLedger(t.server.services.database.db)).toEqual([]);
  });
});

describe('a withdrawal the chain rejects', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('gives the coins back exactly once', async () => {
    // The house is drained to exactly this deposit, so paying it out plus the fee fails on the chain.
    const player = await playerWithCoins(t, 1);
    const chain = localChain(t);
    const drain = await chain.transferFromHouse(
      Keypair.generate().publicKey.toBase58(),
      (await chain.balance(chain.houseAddress)) - 1_000_000_000n - 5_000n,
      'drain',
    );
    await chain.submit(drain.wire);
    const reply = await call<{ signature: string }>(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 1, wallet: player.wallet },
      player.token,
    );
    expect([reply.status, reply.body.errorMessage]).toEqual([
      409,
      'The transfer failed on the chain: your coins are back',
    ]);
    const [row] = await t.server.services.database.db.select().from(withdrawals);
    expect(row?.status).toBe('failed');
    expect((await localChain(t).status(row!.signature!)).state).toBe('failed');
    await t.server.services.paymentWorker.runOnce();
    expect(await balanceOf(t, player)).toBe(1_000_000n);
    const reserves = await call<{ owedSol: number }>(t, 'GET', '/payment/reserves');
    expect(reserves.body.data!.owedSol).toBe(1);
  });

  it('releases a withdrawal whose blockhash expired before it ever reached the chain', async () => {
    const chain = localChain(t);
    const player = await playerWithCoins(t, 0.5);
    const walletBefore = await chain.balance(player.wallet);
    const submit = chain.submit.bind(chain);
    chain.submit = () => Promise.reject(new Error('the network is down'));
    const reply = await call<{ signature: string }>(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 0.5, wallet: player.wallet },
      player.token,
    );
    expect(reply.status).toBe(200);
    expect(await balanceOf(t, player)).toBe(0n);
    chain.expireBlockhash();
    chain.submit = submit;
    // Dead only once three looks agree (DeathWatch): one lagging answer never releases a hold.
    for (let pass = 0; pass < 3; pass += 1) await t.server.services.paymentWorker.runOnce();
    expect(await chain.status(reply.body.data!.signature)).toEqual({ state: 'unknown' });
    expect(await chain.balance(player.wallet)).toBe(walletBefore);
    expect(await balanceOf(t, player)).toBe(500_000n);
  });
});

describe('a withdrawal signed while the worker looks at it', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('is never released under a transfer that was signed and sent after the worker read it unsigned', async () => {
    const chain = localChain(t);
    const player = await playerWithCoins(t, 0.5);
    const walletBefore = await chain.balance(player.wallet);
    const sign = chain.transferFromHouse.bind(chain);
    let letSign!: () => void;
    const signing = new Promise<void>((resolve) => (letSign = resolve));
    chain.transferFromHouse = async (...args) => {
      await signing;
      return sign(...args);
    };
    const pending = call<{ signature: string }>(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 0.2, wallet: player.wallet },
      player.token,
    );
    const db = t.server.services.database.db;
    let unsigned;
    for (let i = 0; i < 100 && !unsigned; i++) {
      [unsigned] = await db.select().from(withdrawals).where(eq(withdrawals.wallet, player.wallet));
      if (!unsigned) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(unsigned?.signature).toBeNull();
    // Sent but not yet finalized, as on a real cluster.
    const status = chain.status.bind(chain);
    chain.status = () => Promise.resolve({ state: 'unknown' });
    letSign();
    expect((await pending).status).toBe(200);
    // The worker's stale copy still says unsigned: releasing it now would refund coins on their way out.
    expect(await settleWithdrawal(t.server.services.payments, unsigned!, 'the server stopped before signing')).toBe(
      'pending',
    );
    chain.status = status;
    await t.server.services.paymentWorker.runOnce();
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.wallet, player.wallet));
    expect(row?.status).toBe('confirmed');
    expect(await chain.balance(player.wallet)).toBe(walletBefore + LAMPORTS / 5n);
    expect(await balanceOf(t, player)).toBe(300_000n);
    expect(await checkLedger(db)).toEqual([]);
  });
});

describe('proof of reserves', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ LOCAL_HOUSE_SOL: '0' });
  });
  afterAll(() => t.close());

  it('shows the house balance against every coin owed, held withdrawals included', async () => {
    const chain = localChain(t);
    // The house starts with its 1 SOL fee float (nothing is owed yet, and LOCAL_HOUSE_SOL is 0).
    await fund(t, chain.houseAddress, 0.01);
    const player = await playerWithCoins(t, 1);
    expect(
      (await call(t, 'POST', '/payment/withdraw', { amount: 0.3, wallet: player.wallet }, player.token)).status,
    ).toBe(200);
    const submit = chain.submit.bind(chain);
    chain.submit = () => Promise.reject(new Error('the network is down'));
    expect(
      (await call(t, 'POST', '/payment/withdraw', { amount: 0.2, wallet: player.wallet }, player.token)).status,
    ).toBe(200);
    const reply = await call(t, 'GET', '/payment/reserves');
    chain.submit = submit;
    // The bankroll is what the house holds beyond every coin owed: 1.709995 - 0.7 SOL, in hundredths.
    expect(reply.body.data).toMatchObject({
      ...{ wallet: chain.houseAddress, houseSol: 1.709995, owedSol: 0.7, covered: true, bankroll: 1_009_995 },
      ...{ maxBetProfit: expect.any(Number), maxRoundProfit: expect.any(Number) },
    });
  });
});

describe('proof of reserves during a round', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ ROLE: 'gateway' });
  });
  afterAll(() => t.close());

  it('counts the stakes of open bets in a running round as owed, and not once the round has ended', async () => {
    const db = t.server.services.database.db;
    const player = await playerWithCoins(t, 1);
    const round = await openRound(db, 2);
    expect((await call(t, 'POST', '/bet/create', { amount: 100_000 }, player.token)).status).toBe(200);
    const owed = async () => (await call<{ owedSol: number }>(t, 'GET', '/payment/reserves')).body.data!.owedSol;
    expect(await owed()).toBe(1);
    await endRound(db, round);
    expect(await owed()).toBe(0.9);
  });
});
