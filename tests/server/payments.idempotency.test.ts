import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../src/server/db/schema';
import { startServer, type TestServer } from './harness';
import { balanceOf, localChain, playerWithCoins, type Player } from './paymentClient';

const LAMPORTS = 1_000_000_000n;

/** POST /payment/withdraw with an Idempotency-Key. */
async function withdraw(t: TestServer, player: Player, amount: number, key: string) {
  const res = await fetch(`${t.api}/payment/withdraw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}`, 'idempotency-key': key },
    body: JSON.stringify({ amount, wallet: player.wallet }),
  });
  return { status: res.status, body: (await res.json()) as { data?: { signature: string }; errorMessage?: string } };
}

describe('Idempotency-Key on withdrawals', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('answers a retry with the same transfer and pays once', async () => {
    const player = await playerWithCoins(t, 1);
    const chain = localChain(t);
    const walletBefore = await chain.balance(player.wallet);
    const first = await withdraw(t, player, 0.3, 'withdraw-1');
    const again = await withdraw(t, player, 0.3, 'withdraw-1');
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await chain.balance(player.wallet)).toBe(walletBefore + (3n * LAMPORTS) / 10n);
    expect(await balanceOf(t, player)).toBe(700_000n);
    const other = await withdraw(t, player, 0.2, 'withdraw-1');
    expect([other.status, other.body.errorMessage]).toEqual([
      400,
      'This Idempotency-Key was already used for another request',
    ]);
  });

  it('holds once when the same key arrives twice at once', async () => {
    const player = await playerWithCoins(t, 1);
    const both = await Promise.all([withdraw(t, player, 0.5, 'at-once'), withdraw(t, player, 0.5, 'at-once')]);
    const signatures = new Set(both.filter((r) => r.status === 200).map((r) => r.body.data!.signature));
    expect(signatures.size).toBe(1);
    for (const reply of both) expect([200, 409]).toContain(reply.status);
    const rows = (await t.server.services.database.db.select().from(withdrawals)).filter(
      (row) => row.wallet === player.wallet,
    );
    expect(rows).toHaveLength(1);
    expect(await balanceOf(t, player)).toBe(500_000n);
  });
});
