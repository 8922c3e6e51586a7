/**
 * An approved withdrawal whose transfer cannot be signed (the chain is away) stays under review,
 * approved, with the player's coins held; the same admin's next approve signs and pays it
 * (docs/ops.md "Withdrawal review"). The chain is the local one over JSON-RPC, stopped for real.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { serveLocalChain, type ServedChain } from './localChainServer';
import { ops, signedInOperator } from './opsClient';
import * as payments from './paymentClient';
import { ledgerEntries } from '../../src/server/db/schema';
import type { OpsWithdrawal } from '../../src/shared/ops';

describe('approving again after a failed signing', () => {
  let served: ServedChain;
  let t: TestServer;
  beforeAll(async () => {
    served = await serveLocalChain();
    t = await startServer({ LOCAL_CHAIN_URL: served.url, WITHDRAW_REVIEW_ABOVE: '1000' });
  });
  afterAll(async () => {
    await t?.close();
    await served?.close();
  });

  it('keeps the withdrawal in review while the chain is away, and pays it on the retry', async () => {
    const admin = await signedInOperator(t, 'admin');
    const player = await payments.playerWithCoins(t, 1);
    const held = await payments.call<{ withdrawalId: string }>(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 0.2, wallet: player.wallet },
      player.token,
    );
    const id = held.body.data!.withdrawalId;
    const approve = () => ops<{ withdrawal: OpsWithdrawal }>(t, admin, 'POST', `withdrawals/${id}/approve`);
    const walletBefore = await served.chain.balance(player.wallet);

    await served.down();
    const failed = await approve();
    expect([failed.status, failed.body.errorMessage]).toEqual([
      409,
      'The transfer could not be signed now; approve again to retry',
    ]);
    const [stillHeld] = (await ops<{ items: OpsWithdrawal[] }>(t, admin, 'GET', 'withdrawals?status=review')).body.data!
      .items;
    expect(stillHeld).toMatchObject({ id, status: 'review', signature: null, approvals: [{ by: admin.email }] });
    expect(await payments.balanceOf(t, player)).toBe(800_000n);

    await served.up();
    const paid = await approve();
    expect(paid.status).toBe(200);
    expect(paid.body.data!.withdrawal).toMatchObject({ status: 'confirmed', approvals: [{ by: admin.email }] });
    expect(paid.body.data!.withdrawal.approvals).toHaveLength(1);
    expect(await served.chain.balance(player.wallet)).toBe(walletBefore + 200_000_000n);
    // The coins left once: the hold, never released; then the house's transfer of the paid withdrawal.
    const rows = await t.server.services.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.ref, id));
    expect(rows.map((row) => [row.kind, row.delta])).toEqual([
      ['withdraw_hold', -200_000n],
      ['withdraw_paid', 200_000n],
    ]);
    expect(await payments.balanceOf(t, player)).toBe(800_000n);
  });
});
