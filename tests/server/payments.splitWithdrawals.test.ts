/**
 * Withdrawal review follows what a player takes out over time, not one request
 * (docs/ops.md "Withdrawal review"): a rolling 24-hour sum and a velocity rule, judged under the
 * account's row lock so withdrawals sent at once are counted one after the other.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerWithdrawal, WithdrawResponse } from '../../src/shared/protocol';
import type { OpsPage, OpsWithdrawal } from '../../src/shared/ops';
import { checkLedger } from '../../src/server/ledger/check';
import { startServer, type TestServer } from './harness';
import { call, playerWithCoins, type Player } from './paymentClient';
import { ops, signedInOperator } from './opsClient';

describe('withdrawal review over a window', () => {
  let t: TestServer;
  beforeAll(async () => {
    // The setting, and a velocity rule: a fourth withdrawal within an hour waits.
    const env = { WITHDRAW_REVIEW_ABOVE: '1000', WITHDRAW_VELOCITY_COUNT: '3', WITHDRAW_VELOCITY_MINUTES: '60' };
    t = await startServer(env);
  }, 180_000);
  afterAll(() => t?.close());

  const withdraw = (player: Player, sol: number) =>
    call<WithdrawResponse>(t, 'POST', '/payment/withdraw', { amount: sol, wallet: player.wallet }, player.token);
  const listed = async (player: Player) =>
    (await call<PlayerWithdrawal[]>(t, 'GET', '/payment/withdrawals', undefined, player.token)).body.data!;

  it('sends the withdrawals past 1,000 coins in 24 hours to review when eight of 1,000 come at once', async () => {
    const player = await playerWithCoins(t, 1);
    // Eight withdrawals of 1,000 coins (0.1 SOL) within a few seconds, all in flight together.
    const replies = await Promise.all(Array.from({ length: 8 }, () => withdraw(player, 0.1)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200));
    const paid = replies.filter((reply) => reply.body.data?.signature);
    const held = replies.filter((reply) => reply.body.data && 'status' in reply.body.data);
    // The first fits the 1,000 coins exactly; each one after it would pass them.
    expect([paid.length, held.length]).toEqual([1, 7]);
    const rows = await listed(player);
    expect(rows.filter((row) => row.status === 'review')).toHaveLength(7);
    expect(rows.filter((row) => row.status !== 'review').map((row) => row.amount)).toEqual([100_000]);
    expect(await checkLedger(t.server.services.database.db)).toEqual([]);
  });

  it('names the rule that held it, and a rejected withdrawal leaves the sum', async () => {
    const player = await playerWithCoins(t, 1);
    expect((await withdraw(player, 0.06)).body.data?.signature).toEqual(expect.any(String));
    const second = await withdraw(player, 0.05);
    const id = (second.body.data as { withdrawalId: string }).withdrawalId;
    const admin = await signedInOperator(t, 'admin');
    const review = (await ops<OpsPage<OpsWithdrawal>>(t, admin, 'GET', 'withdrawals')).body.data!.items;
    expect(review.find((row) => row.id === id)).toMatchObject({
      ...{ status: 'review', amount: 50_000 },
      reviewReason: '1100 coins withdrawn in 24 h, above 1000',
    });
    expect((await ops(t, admin, 'POST', `withdrawals/${id}/reject`, { reason: 'ask the player' })).status).toBe(200);
    // 600 + 400 is 1,000 again: not above it.
    expect((await withdraw(player, 0.04)).body.data?.signature).toEqual(expect.any(String));
  });

  it('sends a withdrawal to review when the player already made three within the hour, however small', async () => {
    const player = await playerWithCoins(t, 1);
    for (let i = 0; i < 3; i += 1)
      expect((await withdraw(player, 0.02)).body.data?.signature).toEqual(expect.any(String));
    const fourth = await withdraw(player, 0.02);
    expect(fourth.body.data).toMatchObject({ signature: null, status: 'review' });
    const rows = await listed(player);
    expect(rows.map((row) => row.status === 'review')).toEqual([true, false, false, false]);
    expect(await checkLedger(t.server.services.database.db)).toEqual([]);
  });
});
