/**
 * No admin alone creates coins and cashes them out (docs/ops.md "Four eyes").
 * A manual credit above OPS_CREDIT_APPROVAL_ABOVE waits for a second, different admin; every admin
 * has a cap on what it credits in 24 hours; a player credited by hand in the last 24 hours has every
 * withdrawal reviewed, by an admin who did not credit them. Every act is in the audit log.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsAuditRow, OpsManualCredit, OpsPage, OpsState, OpsWithdrawal } from '../../src/shared/ops';
import type { WithdrawResponse } from '../../src/shared/protocol';
import { accounts, ledgerEntries } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { startServer, type TestServer } from './harness';
import { balanceOf, fundedPlayer } from './betting';
import { ops, signedInOperator, type TestOperator } from './opsClient';
import * as payments from './paymentClient';

type Adjusted = { balance: number; heldCredit: string | null };

describe('four eyes on manual credits', () => {
  let t: TestServer;
  let first: TestOperator;
  let second: TestOperator;
  const db = () => t.server.services.database.db;
  const adjust = (admin: TestOperator, id: number, amount: number, reason = 'goodwill for the outage') =>
    ops<Adjusted>(t, admin, 'POST', `players/${id}/adjust`, { amount, reason });
  const auditOf = async (target: string) =>
    (await ops<OpsPage<OpsAuditRow>>(t, first, 'GET', `audit?target=${target}`)).body.data!.items;

  beforeAll(async () => {
    // Credits above 100 coins wait for a second admin; an admin credits at most 500 coins in 24 hours.
    t = await startServer({ OPS_CREDIT_APPROVAL_ABOVE: '100', OPS_CREDIT_DAILY_CAP: '500' });
    first = await signedInOperator(t, 'admin');
    second = await signedInOperator(t, 'admin');
    // A server, two operators' scrypt and TOTP sign-ins: slow on a busy machine.
  }, 180_000);
  afterAll(() => t?.close());

  it('holds a credit above the threshold until a second, different admin approves it, and audits each step', async () => {
    const player = await fundedPlayer(t.api, db(), 0);
    // The call: one admin, one call, 10^12 coins (amounts are hundredths on the wire).
    const huge = await adjust(first, player.id, 1e14);
    expect([huge.status, huge.body.errorMessage]).toEqual([
      409,
      'This would pass your credit cap of 500 coins in 24 hours',
    ]);
    expect(await balanceOf(db(), player.id)).toBe(0n);

    const asked = await adjust(first, player.id, 30_000);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ balance: 0, heldCredit: expect.any(String) });
    expect(await balanceOf(db(), player.id)).toBe(0n);
    const id = asked.body.data!.heldCredit!;
    const held = (await ops<OpsPage<OpsManualCredit>>(t, second, 'GET', 'credits')).body.data!.items;
    expect(held.find((credit) => credit.id === id)).toMatchObject({
      ...{ accountId: String(player.id), amount: 30_000, status: 'held', requestedBy: first.email },
      ...{ decidedBy: null, reason: 'goodwill for the outage' },
    });
    expect((await ops<OpsState>(t, second, 'GET', 'state')).body.data!.pending.credits).toBe(1);

    const alone = await ops(t, first, 'POST', `credits/${id}/approve`);
    expect([alone.status, alone.body.errorMessage]).toEqual([
      409,
      'A second, different admin must approve this credit',
    ]);
    const approved = await ops<{ credit: OpsManualCredit }>(t, second, 'POST', `credits/${id}/approve`);
    expect(approved.body.data!.credit).toMatchObject({ status: 'applied', decidedBy: second.email });
    expect(await balanceOf(db(), player.id)).toBe(30_000n);
    const again = await ops(t, second, 'POST', `credits/${id}/approve`);
    expect([again.status, again.body.errorMessage]).toEqual([409, 'This credit is applied, not held']);
    expect(await balanceOf(db(), player.id)).toBe(30_000n);

    // Asked by the first admin, applied by the second: the ledger row names the second's 'adjust' row.
    const [manual] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.accountId, player.id));
    const audits = await auditOf(`account:${player.id}`);
    expect(audits.map((row) => [row.actor, row.action])).toEqual([
      [second.email, 'adjust'],
      [first.email, 'credit_request'],
    ]);
    expect(manual).toMatchObject({ kind: 'manual', delta: 30_000n, ref: audits[0]!.id });
    expect(audits[0]!.after).toEqual({ balance: 30_000, amount: 30_000, creditId: Number(id) });
    expect(await checkLedger(db())).toEqual([]);
  });

  it('caps what each admin credits in 24 hours, held credits included; a rejection frees the cap and moves nothing', async () => {
    const player = await fundedPlayer(t.api, db(), 0);
    // The first admin has 300 of its 500 coins used above; up to 100 coins a credit is applied at once.
    expect((await adjust(first, player.id, 10_000)).body.data).toEqual(expect.objectContaining({ heldCredit: null }));
    expect(await balanceOf(db(), player.id)).toBe(10_000n);
    const over = await adjust(first, player.id, 10_001);
    expect([over.status, over.body.errorMessage]).toEqual([
      409,
      'This would pass your credit cap of 500 coins in 24 hours',
    ]);
    // Debits are not credits: they need no second admin and use no cap.
    expect((await adjust(first, player.id, -5000, 'reverse half')).body.data).toMatchObject({ balance: 5000 });

    // The second admin's cap is its own; its held credit is rejected by the first, and frees its cap.
    const asked = (await adjust(second, player.id, 50_000)).body.data!.heldCredit!;
    expect((await adjust(second, player.id, 1)).status).toBe(409);
    const rejected = await ops<{ credit: OpsManualCredit }>(t, first, 'POST', `credits/${asked}/reject`, {
      reason: 'no ticket for it',
    });
    expect(rejected.body.data!.credit).toMatchObject({
      ...{ status: 'rejected', decidedBy: first.email, decisionReason: 'no ticket for it' },
    });
    expect(await balanceOf(db(), player.id)).toBe(5000n);
    expect((await adjust(second, player.id, 100)).body.data).toMatchObject({ balance: 5100, heldCredit: null });
    expect((await ops(t, second, 'POST', `credits/${asked}/approve`)).status).toBe(409);
    const [rejection] = (await auditOf(`account:${player.id}`)).filter((row) => row.action === 'credit_reject');
    expect(rejection).toMatchObject({ actor: first.email, reason: 'no ticket for it' });
    expect(await checkLedger(db())).toEqual([]);
  });

  it('sends any withdrawal of a player credited by hand in the last 24 hours to review, for an admin who did not credit', async () => {
    const player = await payments.playerWithCoins(t, 1);
    const [account] = await db().select().from(accounts).where(eq(accounts.wallet, player.wallet));
    // A player who never had a manual credit withdraws at once.
    const paid = await payments.call<WithdrawResponse>(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 0.02, wallet: player.wallet },
      player.token,
    );
    expect(paid.body.data?.signature).toEqual(expect.any(String));

    expect((await adjust(second, account!.id, 5000)).body.data!.heldCredit).toBeNull();
    const small = await payments.call<WithdrawResponse>(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 0.02, wallet: player.wallet },
      player.token,
    );
    expect(small.body.data).toMatchObject({ signature: null, status: 'review' });
    const id = (small.body.data as { withdrawalId: string }).withdrawalId;
    const listed = (await ops<OpsPage<OpsWithdrawal>>(t, first, 'GET', 'withdrawals')).body.data!.items;
    expect(listed.find((row) => row.id === id)).toMatchObject({
      amount: 20_000,
      reviewReason: 'coins credited by hand in the last 24 h',
    });
    const byCreditor = await ops(t, second, 'POST', `withdrawals/${id}/approve`);
    expect([byCreditor.status, byCreditor.body.errorMessage]).toEqual([
      409,
      'You credited this player by hand in the last 24 h: a different admin must approve',
    ]);
    const approved = await ops<{ withdrawal: OpsWithdrawal }>(t, first, 'POST', `withdrawals/${id}/approve`);
    expect(approved.body.data!.withdrawal.signature).toEqual(expect.any(String));
    expect(await checkLedger(db())).toEqual([]);
  });
});
