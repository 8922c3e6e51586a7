import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../src/server/db/schema';
import { startServer, type TestServer } from './harness';
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

const SLOW = { timeout: 240_000 };

const withdraw = (t: TestServer, player: Player, amount: number) =>
  call<{ signature: string }>(t, 'POST', '/payment/withdraw', { amount, wallet: player.wallet }, player.token);

describe('chain edge cases', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it("judges a deposit's expiry on its own blockhash when the server's node is behind, and credits it when it lands", async () => {
    const chain = localChain(t);
    const worker = t.server.services.paymentWorker;
    const player = await signIn(t);
    await fund(t, player.wallet, 2);
    const p = await prepare(t, player, 1);
    const data = await signedDeposit(t, player, p, LAMPORTS_PER_SOL);
    // The server's node is a block behind the player's, and the network drops the transaction.
    const latest = chain.latestBlockhash.bind(chain);
    const submit = chain.submit.bind(chain);
    chain.latestBlockhash = async () => {
      const now = await latest();
      return { ...now, lastValidBlockHeight: now.lastValidBlockHeight - 1n };
    };
    chain.submit = () => Promise.reject(new Error('the network is down'));
    await pay(t, player, p.token, data, 1);
    for (let pass = 0; pass < 3; pass += 1) await worker.runOnce();
    const status = await call(t, 'GET', `/payment/deposit/${p.token}`, undefined, player.token);
    expect(status.body.data).toEqual({ status: 'pending' });
    chain.latestBlockhash = latest;
    chain.submit = submit;
    // The wallet sends the same transaction itself: it lands, and the deposit is credited.
    await submit(Buffer.from(data, 'base64'));
    await worker.runOnce();
    expect(await balanceOf(t, player)).toBe(1_000_000n);
  });

  it('keeps a withdrawal held through one answer that calls it expired and unseen, and pays it once', async () => {
    const chain = localChain(t);
    const worker = t.server.services.paymentWorker;
    const player = await playerWithCoins(t, 0.5);
    const walletBefore = await chain.balance(player.wallet);
    const submit = chain.submit.bind(chain);
    chain.submit = () => Promise.reject(new Error('the network is down'));
    const reply = await withdraw(t, player, 0.5);
    expect(reply.status).toBe(200);
    // One lagging node says the blockhash expired and it has not seen the transfer.
    const expired = chain.expired.bind(chain);
    chain.expired = async () => true;
    await worker.runOnce();
    chain.expired = expired;
    expect(await balanceOf(t, player)).toBe(0n);
    chain.submit = submit;
    await worker.runOnce();
    expect(await chain.status(reply.body.data!.signature)).toEqual({ state: 'finalized' });
    expect(await chain.balance(player.wallet)).toBe(walletBefore + LAMPORTS_PER_SOL / 2n);
    expect(await balanceOf(t, player)).toBe(0n);
    await worker.runOnce();
    const rows = await t.server.services.database.db.select().from(withdrawals);
    expect(rows.find((row) => row.signature === reply.body.data!.signature)?.status).toBe('confirmed');
  });

  it('lets a player who deposited withdraw everything, the fee paid by the house float', async () => {
    const player = await playerWithCoins(t, 1);
    const reply = await withdraw(t, player, 1);
    expect(reply.status).toBe(200);
    expect(await localChain(t).status(reply.body.data!.signature)).toEqual({ state: 'finalized' });
    expect(await balanceOf(t, player)).toBe(0n);
  });
});

describe('the local chain after a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-float-'));
  let t: TestServer | undefined;
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('funds the house wallet with every coin owed plus fees, so withdrawals still pay', SLOW, async () => {
    t = await startServer({ DATA_DIR: dataDir });
    const player = await playerWithCoins(t, 1);
    await t.close();
    // A new process: LiteSVM starts empty, the database remembers the coins owed.
    t = await startServer({ DATA_DIR: dataDir });
    const reserves = await call<{ houseSol: number; owedSol: number; covered: boolean }>(t, 'GET', '/payment/reserves');
    expect(reserves.body.data).toMatchObject({ owedSol: 1, covered: true });
    expect(reserves.body.data!.houseSol).toBeGreaterThanOrEqual(2);
    const reply = await withdraw(t, player, 1);
    expect(reply.status).toBe(200);
    expect(await localChain(t).status(reply.body.data!.signature)).toEqual({ state: 'finalized' });
  });
});
