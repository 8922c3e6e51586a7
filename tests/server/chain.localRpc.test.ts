import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { withdrawals } from '../../src/server/db/schema';
import { checkLedger } from '../../src/server/ledger/check';
import { reconcile, walletProblem } from '../../src/server/ledger/books';
import { DEFAULT_COINS_PER_SOL } from '../../src/shared/constants';
import { hundredthsToLamports, lamportsToHundredths } from '../../src/shared/money';
import { startServer, type TestServer } from './harness';
import { balanceOf, call, fund, playerWithCoins } from './paymentClient';
import { serveLocalChain, type ServedChain } from './localChainServer';

const LAMPORTS = 1_000_000_000n;

/** One raw JSON-RPC exchange, as any Solana client would make it. */
async function rpc(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('a server on the local chain served over JSON-RPC (LOCAL_CHAIN_URL)', () => {
  let served: ServedChain;
  let t: TestServer;
  beforeAll(async () => {
    served = await serveLocalChain();
    // The public cache on, as in production: the local blockhash must still never come from it.
    t = await startServer({ LOCAL_CHAIN_URL: served.url, PUBLIC_CACHE_MS: '3000' });
  });
  afterAll(async () => {
    await t?.close();
    await served?.close();
  });

  it('funds its house wallet, the faucet and a deposit on the served chain, and credits the deposit once', async () => {
    const { houseAddress } = t.server.services.chain;
    const environment = await call<{ type: string; wallet: string }>(t, 'GET', '/payment/environment');
    expect(environment.body.data).toEqual(expect.objectContaining({ type: 'local', wallet: houseAddress }));
    // At start the server topped its house up to the fee float through requestAirdrop.
    const float = await served.chain.balance(houseAddress);
    expect(float).toBeGreaterThanOrEqual(LAMPORTS);

    const wallet = Keypair.generate().publicKey.toBase58();
    await fund(t, wallet, 3);
    await fund(t, wallet, 3);
    expect(await served.chain.balance(wallet)).toBe(6n * LAMPORTS);

    const player = await playerWithCoins(t, 2);
    expect(await balanceOf(t, player)).toBe(2_000_000n);
    expect(await served.chain.balance(houseAddress)).toBe(float + 2n * LAMPORTS);
    expect(await served.chain.balance(player.wallet)).toBeLessThan(LAMPORTS);
  });

  it('pays a withdrawal onto the served chain and confirms it', async () => {
    const player = await playerWithCoins(t, 1);
    const before = await served.chain.balance(player.wallet);
    const reply = await call<{ signature: string }>(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 0.4, wallet: player.wallet },
      player.token,
    );
    expect(reply.body.errorMessage).toBeUndefined();
    expect(await served.chain.status(reply.body.data!.signature)).toEqual({ state: 'finalized' });
    expect(await served.chain.balance(player.wallet)).toBe(before + (4n * LAMPORTS) / 10n);
    expect(await balanceOf(t, player)).toBe(600_000n);
    // The request itself saw the transfer finalized on the served chain and confirmed it.
    const { db } = t.server.services.database;
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.signature, reply.body.data!.signature));
    expect(row?.status).toBe('confirmed');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('answers the newest local blockhash at once after the chain moved on, whatever PUBLIC_CACHE_MS says', async () => {
    const first = (await call<string>(t, 'GET', '/payment/blockhash')).body.data;
    expect(first).toBe((await served.chain.latestBlockhash()).blockhash);
    served.chain.expireBlockhash();
    const second = (await call<string>(t, 'GET', '/payment/blockhash')).body.data;
    expect(second).not.toBe(first);
    expect(second).toBe((await served.chain.latestBlockhash()).blockhash);
  });

  it('answers JSON-RPC the way a Solana node does: errors in the body, batches, unknown methods', async () => {
    expect(await rpc(served.url, { jsonrpc: '2.0', id: '1', method: 'getHealth' })).toEqual({
      jsonrpc: '2.0',
      id: '1',
      result: 'ok',
    });
    const batch = (await rpc(served.url, [
      { jsonrpc: '2.0', id: 1, method: 'getBlockHeight' },
      { jsonrpc: '2.0', id: 2, method: 'getBalance', params: ['not-an-address'] },
      { jsonrpc: '2.0', id: 3, method: 'getProgramAccounts', params: [] },
      { jsonrpc: '2.0', id: 4, method: 'sendTransaction', params: ['AAAA', { encoding: 'base64' }] },
    ])) as { id: number; result?: unknown; error?: { code: number } }[];
    expect(batch.map((answer) => answer.id)).toEqual([1, 2, 3, 4]);
    expect(typeof batch[0]!.result).toBe('number');
    expect(batch.slice(1).map((answer) => answer.error?.code)).toEqual([-32602, -32601, -32602]);
    const broken = await fetch(served.url, { method: 'POST', body: '{"jsonrpc":' });
    expect(await broken.json()).toMatchObject({ error: { code: -32700 } });
  });

  it('reconciles the house wallet on the chain with the accounts, and names it once it holds less than they owe', async () => {
    const { db } = t.server.services.database;
    const { houseAddress } = t.server.services.chain;
    const coins = async () => lamportsToHundredths(await served.chain.balance(houseAddress), DEFAULT_COINS_PER_SOL);
    const start = await reconcile(db, await coins());
    // A deposit and a withdrawal through the chain: the wallet holds what is owed and more.
    const player = await playerWithCoins(t, 1);
    const paid = await call<{ signature: string }>(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 0.4, wallet: player.wallet },
      player.token,
    );
    expect(paid.body.errorMessage).toBeUndefined();
    const books = await reconcile(db, await coins());
    expect(books.owed - start.owed).toBe(600_000n);
    expect(books.broughtIn - start.broughtIn).toBe(1_000_000n - 400_000n);
    expect(walletProblem(books)).toBeNull();
    // The house key pays out SOL behind the ledger's back, leaving less than the accounts owe.
    const leave = hundredthsToLamports(books.owed - 100n, DEFAULT_COINS_PER_SOL);
    const spent = await t.server.services.chain.transferFromHouse(
      Keypair.generate().publicKey.toBase58(),
      (await served.chain.balance(houseAddress)) - leave - 10_000n,
      'spent behind the ledger',
    );
    await t.server.services.chain.submit(spent.wire);
    const short = await reconcile(db, await coins());
    expect(walletProblem(short)).toBe(
      `the house wallet holds ${short.chain} on the chain but the accounts owe ${books.owed}`,
    );
    expect(await checkLedger(db)).toEqual([]);
  });
});
