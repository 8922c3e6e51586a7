import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, SystemProgram } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { LAMPORTS_PER_SOL } from '../../src/shared/constants';
import {
  balanceOf,
  call,
  depositInstruction,
  depositTx,
  fund,
  localChain,
  pay,
  prepare,
  signedDeposit,
  signIn,
  type Player,
} from './paymentClient';
import { depositIntents } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { newPlayer } from './client';

describe('deposits on the local chain', () => {
  let t: TestServer;
  let house: string;
  const houseBalance = () => t.server.services.chain.balance(house);

  beforeAll(async () => {
    t = await startServer();
    house = t.server.services.chain.houseAddress;
  });
  afterAll(() => t.close());

  async function fundedPlayer(sol = 5): Promise<Player> {
    const player = await signIn(t);
    await fund(t, player.wallet, sol);
    return player;
  }

  it('shows the local environment with the rate and the house wallet', async () => {
    const reply = await call(t, 'GET', '/payment/environment');
    expect(reply.body).toEqual({ success: true, data: { type: 'local', rate: 10_000, wallet: house } });
  });

  it('tells a signed-in player the SOL their wallet holds, and an account without a wallet nothing', async () => {
    const player = await fundedPlayer(3);
    const held = await call<{ lamports: number | null }>(t, 'GET', '/payment/wallet', undefined, player.token);
    expect(held.body.data).toEqual({ lamports: 3 * Number(LAMPORTS_PER_SOL) });
    const byEmail = await newPlayer(t.api);
    expect((await call(t, 'GET', '/payment/wallet', undefined, byEmail.token)).body.data).toEqual({ lamports: null });
    expect((await call(t, 'GET', '/payment/wallet')).status).toBe(401);
  });

  it('prepares a deposit as a System transfer to the house wallet', async () => {
    const player = await signIn(t);
    const reply = await call<Record<string, string>>(t, 'POST', '/payment/prepare', { amount: 0.5 }, player.token);
    expect(reply.status).toBe(200);
    const data = reply.body.data!;
    expect(JSON.parse(Buffer.from(data.programInfo!, 'base64').toString())).toEqual({
      programId: SystemProgram.programId.toBase58(),
      discriminator: [2, 0, 0, 0],
    });
    expect(JSON.parse(Buffer.from(data.programData!, 'base64').toString())).toEqual({ adminWallets: [house] });
    expect(data.vaultId).toBe(house);
    expect((await call(t, 'GET', `/payment/deposit/${data.token}`, undefined, player.token)).body.data).toEqual({
      status: 'pending',
    });
  });

  it('refuses amounts below 0.01 SOL, above 1000 SOL or with three decimals', async () => {
    const player = await signIn(t);
    const ask = (amount: number) => call(t, 'POST', '/payment/prepare', { amount }, player.token);
    expect((await ask(0.009)).body).toEqual({ success: false, errorMessage: 'Minimum amount is 0.01 SOL' });
    expect((await ask(1000.01)).body.errorMessage).toBe('Maximum amount is 1000 SOL');
    expect((await ask(0.015)).status).toBe(400);
    expect((await ask(1000)).status).toBe(200);
  });

  it('refuses payment calls without a signed-in player', async () => {
    expect((await call(t, 'POST', '/payment/prepare', { amount: 1 })).status).toBe(401);
  });

  it('credits a deposit once even when pay is called twice', async () => {
    const player = await fundedPlayer();
    const p = await prepare(t, player, 1.25);
    const before = await houseBalance();
    const data = await signedDeposit(t, player, p, 1_250_000_000n);
    const first = await pay(t, player, p.token, data, 1.25);
    const second = await pay(t, player, p.token, data, 1.25);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(t, player)).toBe(1_250_000n);
    expect(await houseBalance()).toBe(before + 1_250_000_000n);
    expect((await call(t, 'GET', `/payment/deposit/${p.token}`, undefined, player.token)).body.data).toEqual({
      status: 'credited',
    });
  });

  it('credits a deposit once when pay is called concurrently', async () => {
    const player = await fundedPlayer();
    const p = await prepare(t, player, 2);
    const before = await houseBalance();
    const data = await signedDeposit(t, player, p, 2n * LAMPORTS_PER_SOL);
    const replies = await Promise.all([1, 2, 3, 4].map(() => pay(t, player, p.token, data, 2)));
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThan(0);
    expect(await balanceOf(t, player)).toBe(2_000_000n);
    expect(await houseBalance()).toBe(before + 2n * LAMPORTS_PER_SOL);
  });

  it('refuses a second transaction for a deposit already credited', async () => {
    const player = await fundedPlayer();
    const p = await prepare(t, player, 0.1);
    const ix = () => depositInstruction(p, player.key.publicKey, LAMPORTS_PER_SOL / 10n);
    expect((await pay(t, player, p.token, await depositTx(t, player.key, [ix()]), 0.1)).status).toBe(200);
    localChain(t).expireBlockhash();
    const again = await pay(t, player, p.token, await depositTx(t, player.key, [ix()]), 0.1);
    expect(again.status).toBe(409);
    expect(await balanceOf(t, player)).toBe(100_000n);
  });

  it('refuses one transaction used for two deposits', async () => {
    const player = await fundedPlayer();
    const a = await prepare(t, player, 0.2);
    const b = await prepare(t, player, 0.2);
    const data = await signedDeposit(t, player, a, LAMPORTS_PER_SOL / 5n);
    expect((await pay(t, player, a.token, data, 0.2)).status).toBe(200);
    expect((await pay(t, player, b.token, data, 0.2)).status).toBe(409);
    expect(await balanceOf(t, player)).toBe(200_000n);
  });

  describe('refuses tampered transactions and credits nothing', () => {
    let player: Player;
    let before: bigint;
    beforeAll(async () => {
      player = await fundedPlayer();
      before = await houseBalance();
    });

    async function refused(build: (p: Awaited<ReturnType<typeof prepare>>) => Promise<string>, message: RegExp) {
      const p = await prepare(t, player, 1);
      const reply = await pay(t, player, p.token, await build(p), 1);
      expect(reply.status).toBe(400);
      expect(reply.body.errorMessage).toMatch(message);
      expect(await balanceOf(t, player)).toBe(0n);
      expect(await houseBalance()).toBe(before);
      expect((await call(t, 'GET', `/payment/deposit/${p.token}`, undefined, player.token)).body.data).toEqual({
        status: 'pending',
      });
    }

    it('with another amount', () => refused((p) => signedDeposit(t, player, p, LAMPORTS_PER_SOL - 1n), /amount/));

    it('with another recipient', () =>
      refused(
        (p) =>
          depositTx(t, player.key, [
            depositInstruction(p, player.key.publicKey, LAMPORTS_PER_SOL, Keypair.generate().publicKey),
          ]),
        /house wallet/,
      ));

    it('with another fee payer', async () => {
      const other = Keypair.generate();
      await fund(t, other.publicKey.toBase58(), 1);
      await refused(
        (p) =>
          depositTx(t, other, [depositInstruction(p, player.key.publicKey, LAMPORTS_PER_SOL)], [other, player.key]),
        /your wallet/,
      );
    });

    it('with an extra transfer', () =>
      refused(
        (p) =>
          depositTx(t, player.key, [
            depositInstruction(p, player.key.publicKey, LAMPORTS_PER_SOL),
            SystemProgram.transfer({
              fromPubkey: player.key.publicKey,
              toPubkey: Keypair.generate().publicKey,
              lamports: 5000,
            }),
          ]),
        /exactly one transfer|house wallet/,
      ));

    it('with a missing signature', () =>
      refused(
        (p) => depositTx(t, player.key, [depositInstruction(p, player.key.publicKey, LAMPORTS_PER_SOL)], []),
        /not signed/,
      ));

    it('with a signature over other bytes', () =>
      refused(async (p) => {
        const bytes = Buffer.from(await signedDeposit(t, player, p, LAMPORTS_PER_SOL), 'base64');
        bytes[bytes.length - 1] = 0xff;
        return bytes.toString('base64');
      }, /amount|signature/));
  });

  it('refuses an expired intent and credits nothing', async () => {
    const player = await fundedPlayer();
    const p = await prepare(t, player, 1);
    await t.server.services.database.db
      .update(depositIntents)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(depositIntents.depositId, p.token));
    const before = await houseBalance();
    const reply = await pay(t, player, p.token, await signedDeposit(t, player, p, LAMPORTS_PER_SOL), 1);
    expect(reply.status).toBe(409);
    expect(reply.body.errorMessage).toMatch(/expired/);
    expect(await balanceOf(t, player)).toBe(0n);
    expect(await houseBalance()).toBe(before);
    expect((await call(t, 'GET', `/payment/deposit/${p.token}`, undefined, player.token)).body.data).toEqual({
      status: 'expired',
    });
  });

  it('fails a deposit the chain refuses and credits nothing', async () => {
    const player = await signIn(t);
    await fund(t, player.wallet, 0.5);
    const p = await prepare(t, player, 1);
    const reply = await pay(t, player, p.token, await signedDeposit(t, player, p, LAMPORTS_PER_SOL), 1);
    expect(reply.status).toBe(400);
    // Why, with what the wallet holds (0.5 SOL less the failed transaction's fee), for the page to say in its language.
    const held = await t.server.services.chain.balance(player.wallet);
    expect(reply.body).toMatchObject({ errorCode: 'walletShort', errorParams: { lamports: Number(held) } });
    expect(await balanceOf(t, player)).toBe(0n);
    expect((await call(t, 'GET', `/payment/deposit/${p.token}`, undefined, player.token)).body.data).toEqual({
      status: 'failed',
    });
  });

  it('refuses deposits and withdrawals for an account without a wallet', async () => {
    const { token } = await newPlayer(t.api);
    const prepared = await call(t, 'POST', '/payment/prepare', { amount: 1 }, token);
    expect(prepared.body).toEqual({ success: false, errorMessage: 'Sign in with a wallet to deposit' });
    const withdrawn = await call(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 1, wallet: Keypair.generate().publicKey.toBase58() },
      token,
    );
    expect(withdrawn.body).toEqual({ success: false, errorMessage: 'Withdrawals go only to your own wallet' });
  });

  it('leaves every balance equal to its ledger', async () => {
    expect(await checkLedger(t.server.services.database.db)).toEqual([]);
  });

  it("hides another player's deposit", async () => {
    const owner = await signIn(t);
    const p = await prepare(t, owner, 1);
    const other = await signIn(t);
    expect((await call(t, 'GET', `/payment/deposit/${p.token}`, undefined, other.token)).status).toBe(404);
  });
});
