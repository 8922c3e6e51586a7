import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { balanceOf, call, playerWithCoins } from './paymentClient';
import { LocalChain } from '../../src/server/chain/LocalChain';
import { loadHouseKey } from '../../src/server/chain/houseKey';
import type { TxStatus } from '../../src/server/chain/Chain';
import { withdrawals } from '../../src/server/db/schema';

const LAMPORTS = 1_000_000_000n;
const FEE = 5000n;

describe('a restart with pending withdrawals', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-restart-'));
  // The chain outlives the server, as a real cluster does.
  const chain = new LocalChain(loadHouseKey(dataDir));
  const submit = chain.submit.bind(chain);
  const status = chain.status.bind(chain);
  let t: TestServer | undefined;
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Two server starts on one DATA_DIR, each as long as a beforeAll's (hookTimeout 60 s) may take.
  it('makes exactly one transfer for each withdrawal', async () => {
    t = await startServer({ DATA_DIR: dataDir }, { chain });
    const player = await playerWithCoins(t, 1);
    const withdraw = (amount: number) =>
      call<{ signature: string }>(t!, 'POST', '/payment/withdraw', { amount, wallet: player.wallet }, player.token);
    const walletBefore = await chain.balance(player.wallet);
    // Over the float the restart tops the house up to, so the restart adds nothing to it.
    await chain.airdrop(chain.houseAddress, LAMPORTS);
    const houseBefore = await chain.balance(chain.houseAddress);

    // The server never learns that the first withdrawal landed, and it stops before the second is sent.
    chain.status = async (): Promise<TxStatus> => ({ state: 'pending' });
    const landed = await withdraw(0.2);
    chain.submit = () => Promise.reject(new Error('the server stopped'));
    const unsent = await withdraw(0.4);
    await t.close();
    chain.status = status;
    chain.submit = submit;
    expect(unsent.status).toBe(200);
    expect(landed.status).toBe(200);
    expect(await chain.status(unsent.body.data!.signature)).toEqual({ state: 'unknown' });
    expect(await chain.status(landed.body.data!.signature)).toEqual({ state: 'finalized' });

    const sent: string[] = [];
    chain.submit = async (wire) => {
      sent.push(await submit(wire));
      return sent.at(-1)!;
    };
    t = await startServer({ DATA_DIR: dataDir }, { chain });
    const worker = t.server.services.paymentWorker;
    for (let pass = 0; pass < 3; pass += 1) await worker.runOnce();
    chain.submit = submit;

    expect(sent).toEqual([unsent.body.data!.signature]);
    expect(await chain.balance(player.wallet)).toBe(walletBefore + (6n * LAMPORTS) / 10n);
    expect(await chain.balance(chain.houseAddress)).toBe(houseBefore - (6n * LAMPORTS) / 10n - 2n * FEE);
    const rows = await t.server.services.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.wallet, player.wallet));
    expect(rows.map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    expect(await balanceOf(t, player)).toBe(400_000n);
  }, 120_000);
});
