import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositIntents } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import type { DepositStatus } from '../../src/shared/protocol';
import { startServer, type TestServer } from './harness';
import { ops, signedInOperator } from './opsClient';
import { LAMPORTS_PER_SOL } from '../../src/shared/constants';
import { solToLamports } from '../../src/shared/money';
import * as payments from './paymentClient';

/**
 * On the local chain (LiteSVM): every credit of a deposit, whenever it lands,
 * passes the limits, self-exclusion and block in force at that moment; SOL that arrives and may not
 * be credited is held with the reason and sent back to the wallet, never credited, never lost.
 */
describe('a deposit that lands late meets the limits in force when it lands', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
    // The test runs the payment worker's passes itself.
    await t.server.services.paymentWorker.stop();
  });
  afterAll(() => t?.close());

  const statusOf = async (player: payments.Player, depositId: string) =>
    (await payments.call<{ status: DepositStatus }>(t, 'GET', `/payment/deposit/${depositId}`, undefined, player.token))
      .body.data?.status;
  const intentOf = async (depositId: string) =>
    (
      await t.server.services.database.db.select().from(depositIntents).where(eq(depositIntents.depositId, depositId))
    )[0]!;
  const walletSol = (player: payments.Player) => t.server.services.chain.balance(player.wallet);

  /** A deposit (0.1 SOL, 1,000 coins) from an empty wallet: the chain refuses it, the intent fails, its signed bytes stay with the player. */
  async function refusedDeposit(player: payments.Player, sol = 0.1) {
    const a = await payments.prepare(t, player, sol);
    const bytes = await payments.signedDeposit(t, player, a, solToLamports(sol)!);
    const refused = await payments.pay(t, player, a.token, bytes, sol);
    expect(refused.body.errorMessage).toMatch(/^Not enough SOL for this deposit and its fee: your wallet holds 0 SOL/);
    expect(await statusOf(player, a.token)).toBe('failed');
    return { token: a.token, bytes };
  }

  /** Runs the payment worker until the held deposit's SOL is back on the chain. */
  async function returned(player: payments.Player, depositId: string): Promise<DepositStatus | undefined> {
    for (let pass = 0; pass < 10 && (await statusOf(player, depositId)) === 'held'; pass += 1)
      await t.server.services.paymentWorker.runOnce();
    return statusOf(player, depositId);
  }

  it("holds and returns the issue's deposit: limit 1,500, A 1,000 fails, B 1,200 credited, self-excluded, A sent to the chain directly", async () => {
    const player = await payments.signIn(t);
    expect((await payments.call(t, 'PUT', '/user/limits', { depositDaily: 150_000 }, player.token)).status).toBe(200);
    const a = await refusedDeposit(player);
    await payments.fund(t, player.wallet, 2);
    expect((await payments.deposit(t, player, 0.12)).status).toBe(200);
    expect(await payments.balanceOf(t, player)).toBe(120_000n);
    expect((await payments.call(t, 'POST', '/user/exclusion', { duration: '7d' }, player.token)).status).toBe(200);

    // The player sends A's signed bytes to the chain themselves: 0.1 SOL reaches the house.
    const before = await walletSol(player);
    await payments.localChain(t).submit(Buffer.from(a.bytes, 'base64'));
    const landed = await walletSol(player);
    expect(landed).toBeLessThan(before - LAMPORTS_PER_SOL / 10n);
    expect(await statusOf(player, a.token)).toBe('held');
    expect(await statusOf(player, a.token)).toBe('held');
    expect(await payments.balanceOf(t, player)).toBe(120_000n);
    expect(await intentOf(a.token)).toMatchObject({
      status: 'held',
      failReason: expect.stringMatching(/^You have excluded yourself from play until /),
    });

    // Held, then returned: the whole 0.1 SOL back to the wallet it came from, the house paying the fee.
    expect(await returned(player, a.token)).toBe('returned');
    expect(await walletSol(player)).toBe(landed + LAMPORTS_PER_SOL / 10n);
    expect(await payments.balanceOf(t, player)).toBe(120_000n);
    expect((await t.server.services.chain.status((await intentOf(a.token)).returnSignature!)).state).toBe('finalized');
    expect(await checkLedger(t.server.services.database.db)).toEqual([]);
  });

  it('holds a late deposit that would pass the daily limit, and credits one that fits, once', async () => {
    const player = await payments.signIn(t);
    expect((await payments.call(t, 'PUT', '/user/limits', { depositDaily: 200_000 }, player.token)).status).toBe(200);
    const a = await refusedDeposit(player, 0.1);
    const c = await refusedDeposit(player, 0.07);
    await payments.fund(t, player.wallet, 2);
    expect((await payments.deposit(t, player, 0.12)).status).toBe(200);

    // 1,200 + 1,000 would pass 2,000: held, and returned.
    await payments.localChain(t).submit(Buffer.from(a.bytes, 'base64'));
    expect(await statusOf(player, a.token)).toBe('held');
    expect((await intentOf(a.token)).failReason).toMatch(/^This would pass your daily deposit limit of 2\.000 coins/);
    expect(await returned(player, a.token)).toBe('returned');
    expect(await payments.balanceOf(t, player)).toBe(120_000n);

    // 1,200 + 700 fits: credited, once.
    await payments.localChain(t).submit(Buffer.from(c.bytes, 'base64'));
    expect(await statusOf(player, c.token)).toBe('credited');
    expect(await statusOf(player, c.token)).toBe('credited');
    expect(await payments.balanceOf(t, player)).toBe(190_000n);
    // The late deposit counts in the day it was credited: 200 more coins would pass the limit.
    const full = await payments.call(t, 'POST', '/payment/prepare', { amount: 0.02 }, player.token);
    expect(full.body.errorMessage).toMatch(/daily deposit limit of 2\.000 coins/);
    expect(await checkLedger(t.server.services.database.db)).toEqual([]);
  });

  it('holds and returns a deposit that lands while an operator blocks the player', async () => {
    const admin = await signedInOperator(t, 'admin');
    const player = await payments.signIn(t);
    const a = await refusedDeposit(player);
    await payments.fund(t, player.wallet, 1);
    const { id } = (await ops<{ items: { id: string }[] }>(t, admin, 'GET', `players?q=${player.wallet}`)).body.data!
      .items[0]!;
    expect((await ops(t, admin, 'POST', `players/${id}/block`, { reason: 'chargeback check' })).status).toBe(200);

    await payments.localChain(t).submit(Buffer.from(a.bytes, 'base64'));
    expect(await statusOf(player, a.token)).toBe('held');
    expect((await intentOf(a.token)).failReason).toBe('Your account is blocked: chargeback check');
    expect(await returned(player, a.token)).toBe('returned');
    expect(await payments.balanceOf(t, player)).toBe(0n);
  });

  it('holds a deposit paid after the player self-excluded, and answers the pay call so', async () => {
    const player = await payments.signIn(t);
    await payments.fund(t, player.wallet, 1);
    const p = await payments.prepare(t, player, 0.1);
    expect((await payments.call(t, 'POST', '/user/exclusion', { duration: '24h' }, player.token)).status).toBe(200);
    const bytes = await payments.signedDeposit(t, player, p, LAMPORTS_PER_SOL / 10n);
    const reply = await payments.pay(t, player, p.token, bytes, 0.1);
    expect(reply.status).toBe(403);
    expect(reply.body.errorMessage).toMatch(
      /^Not credited \(You have excluded yourself from play until .+\): the SOL goes back to your wallet$/,
    );
    // The page says it in the player's language: the hold's code, the exclusion's code and its end.
    expect(reply.body).toMatchObject({
      errorCode: 'depositHeld',
      errorParams: { cause: 'excluded', until: expect.any(Number) },
    });
    expect(await returned(player, p.token)).toBe('returned');
    expect(await payments.balanceOf(t, player)).toBe(0n);
  });

  it('signs a new return when the first can no longer land, and returns the SOL once', async () => {
    const player = await payments.signIn(t);
    const a = await refusedDeposit(player);
    await payments.fund(t, player.wallet, 1);
    expect((await payments.call(t, 'POST', '/user/exclusion', { duration: '24h' }, player.token)).status).toBe(200);
    const chain = payments.localChain(t);
    await chain.submit(Buffer.from(a.bytes, 'base64'));
    expect(await statusOf(player, a.token)).toBe('held');
    const landed = await walletSol(player);

    // The first return is lost on the way and its blockhash expires: it can never land.
    const submit = chain.submit.bind(chain);
    chain.submit = () => Promise.reject(new Error('the network is down'));
    try {
      await t.server.services.paymentWorker.runOnce();
    } finally {
      chain.submit = submit;
    }
    const lost = (await intentOf(a.token)).returnSignature!;
    expect(lost).toEqual(expect.any(String));
    chain.expireBlockhash();

    expect(await returned(player, a.token)).toBe('returned');
    const { returnSignature } = await intentOf(a.token);
    expect(returnSignature).not.toBe(lost);
    expect(await chain.status(lost)).toEqual({ state: 'unknown' });
    expect(await walletSol(player)).toBe(landed + LAMPORTS_PER_SOL / 10n);
    expect(await payments.balanceOf(t, player)).toBe(0n);
  });
});
