import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { postgresAvailable, startPostgres, type PostgresCluster } from './pg';
import {
  balanceOf,
  call,
  depositInstruction,
  depositTx,
  fund,
  localChain,
  pay,
  playerWithCoins,
  prepare,
  signIn,
} from './paymentClient';

const LAMPORTS = 1_000_000_000n;

describe.skipIf(!postgresAvailable)('payment races on PostgreSQL (needs the postgresql package)', () => {
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
    const data = await depositTx(t, player.key, [depositInstruction(p, player.key.publicKey, 2n * LAMPORTS)]);
    const replies = await Promise.all(Array.from({ length: 8 }, () => pay(t, player, p.token, data, 2)));
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    expect(await balanceOf(t, player)).toBe(2_000_000n);
    expect(await localChain(t).balance(localChain(t).houseAddress)).toBe(house + 2n * LAMPORTS);
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
    expect(await localChain(t).balance(player.wallet)).toBe(before + LAMPORTS / 2n);
  });
});
