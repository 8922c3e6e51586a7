import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { LocalChain } from '../../src/server/chain/LocalChain';
import { LocalRpcChain } from '../../src/server/chain/LocalRpcChain';
import { ChainRejected, type Chain } from '../../src/server/chain/Chain';
import { houseKeyPath, loadHouseKey } from '../../src/server/chain/houseKey';
import { startServer, type TestServer } from './harness';
import { call } from './paymentClient';
import { serveLocalChain } from './localChainServer';

const LAMPORTS = 1_000_000_000n;

/** The local chain as a server has it: LiteSVM in-process, or one served over JSON-RPC to the servers of a cluster. */
interface LocalSubject {
  chain: Chain & Required<Pick<Chain, 'airdrop'>>;
  /** Moves the chain itself to a new blockhash. */
  expire(): void;
  close(): Promise<void>;
}

const SUBJECTS: [string, (house: Keypair) => Promise<LocalSubject>][] = [
  [
    'LocalChain (LiteSVM in-process)',
    async (house) => {
      const chain = new LocalChain(house);
      return { chain, expire: () => chain.expireBlockhash(), close: async () => {} };
    },
  ],
  [
    'LocalRpcChain (the same chain served over JSON-RPC)',
    async (house) => {
      const served = await serveLocalChain(house);
      const chain = new LocalRpcChain(new Connection(served.url, 'confirmed'), house);
      return { chain, expire: () => served.chain.expireBlockhash(), close: served.close };
    },
  ],
];

describe.each(SUBJECTS)('%s', (_name, make) => {
  const house = Keypair.generate();
  const player = Keypair.generate().publicKey.toBase58();
  let subject: LocalSubject;
  let chain: LocalSubject['chain'];
  beforeAll(async () => {
    subject = await make(house);
    chain = subject.chain;
  });
  afterAll(() => subject.close());

  it('funds wallets from its faucet', async () => {
    await chain.airdrop(chain.houseAddress, 2n * LAMPORTS);
    expect(await chain.balance(chain.houseAddress)).toBe(2n * LAMPORTS);
    expect(await chain.balance(Keypair.generate().publicKey.toBase58())).toBe(0n);
  });

  it('gives the same airdrop twice in a row (a faucet pressed twice within one blockhash) and leaves the blockhash alone', async () => {
    const payer = Keypair.generate();
    await chain.airdrop(payer.publicKey.toBase58(), LAMPORTS);
    // Someone's transfer, signed and not sent yet (a deposit waiting in a wallet prompt).
    const { blockhash } = await chain.latestBlockhash();
    const pending = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: house.publicKey, lamports: 1000 }),
    );
    pending.sign(payer);
    const wallet = Keypair.generate().publicKey.toBase58();
    const first = await chain.airdrop(wallet, LAMPORTS);
    const second = await chain.airdrop(wallet, LAMPORTS);
    expect(second).not.toBe(first);
    expect(await chain.balance(wallet)).toBe(2n * LAMPORTS);
    expect((await chain.latestBlockhash()).blockhash).toBe(blockhash);
    const signature = await chain.submit(pending.serialize());
    expect(await chain.status(signature)).toEqual({ state: 'finalized' });
  });

  it('signs a house transfer without sending it, then sends it once however often it is submitted', async () => {
    const transfer = await chain.transferFromHouse(player, LAMPORTS / 4n, 'withdrawal 1');
    expect(await chain.status(transfer.signature)).toEqual({ state: 'unknown' });
    expect(await chain.balance(player)).toBe(0n);
    expect(await chain.submit(transfer.wire)).toBe(transfer.signature);
    expect(await chain.submit(transfer.wire)).toBe(transfer.signature);
    expect(await chain.status(transfer.signature)).toEqual({ state: 'finalized' });
    expect(await chain.balance(player)).toBe(LAMPORTS / 4n);
  });

  it('tells two equal transfers apart by their memo', async () => {
    const a = await chain.transferFromHouse(player, 1_000_000n, 'withdrawal 2');
    const b = await chain.transferFromHouse(player, 1_000_000n, 'withdrawal 3');
    expect(a.signature).not.toBe(b.signature);
  });

  it('reports a transfer that landed with an error as failed', async () => {
    const transfer = await chain.transferFromHouse(player, 100n * LAMPORTS, 'withdrawal 4');
    await chain.submit(transfer.wire);
    expect(await chain.status(transfer.signature)).toMatchObject({ state: 'failed' });
  });

  it('knows its latest blockhash and no made-up one', async () => {
    const latest = await chain.latestBlockhash();
    expect(await chain.lastValidHeightOf(latest.blockhash)).toBe(latest.lastValidBlockHeight);
    expect(await chain.lastValidHeightOf(Keypair.generate().publicKey.toBase58())).toBeNull();
  });

  it('refuses a transaction under an expired blockhash and counts the expiry as block height', async () => {
    const transfer = await chain.transferFromHouse(player, 1_000_000n, 'withdrawal 5');
    expect(await chain.expired(transfer.lastValidBlockHeight)).toBe(false);
    subject.expire();
    expect(await chain.expired(transfer.lastValidBlockHeight)).toBe(true);
    expect((await chain.latestBlockhash()).blockhash).not.toBe(transfer.blockhash);
    await expect(chain.submit(transfer.wire)).rejects.toBeInstanceOf(ChainRejected);
    expect(await chain.status(transfer.signature)).toEqual({ state: 'unknown' });
  });

  it("refuses a transaction whose signature is not its fee payer's", async () => {
    const { blockhash } = await chain.latestBlockhash();
    const tx = new Transaction({ feePayer: house.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: house.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
    );
    tx.addSignature(house.publicKey, randomBytes(64));
    await expect(chain.submit(tx.serialize({ verifySignatures: false }))).rejects.toBeInstanceOf(ChainRejected);
  });
});

describe('the house key', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-key-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is generated into DATA_DIR on first start and reused after', () => {
    const first = loadHouseKey(dataDir);
    expect(statSync(houseKeyPath(dataDir)).mode & 0o777).toBe(0o600);
    expect(loadHouseKey(dataDir).publicKey.toBase58()).toBe(first.publicKey.toBase58());
  });

  // Two server starts on one DATA_DIR, each as long as a beforeAll's (hookTimeout 60 s) may take.
  it('gives the server the same house wallet after a restart', async () => {
    const wallets: string[] = [];
    for (let run = 0; run < 2; run += 1) {
      const t = await startServer({ DATA_DIR: dataDir });
      wallets.push((await call<{ wallet: string }>(t, 'GET', '/payment/environment')).body.data!.wallet);
      await t.close();
    }
    expect(wallets[0]).toBe(loadHouseKey(dataDir).publicKey.toBase58());
    expect(wallets[1]).toBe(wallets[0]);
  }, 120_000);
});

describe('the faucet', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('gives local SOL up to 10 SOL a call', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    expect((await call(t, 'POST', '/payment/faucet', { wallet, amount: 10 })).status).toBe(200);
    const tooMuch = await call(t, 'POST', '/payment/faucet', { wallet, amount: 10.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errorMessage).toBe('The faucet gives at most 10 SOL a call');
    expect((await call(t, 'POST', '/payment/faucet', { wallet: 'not-a-wallet', amount: 1 })).status).toBe(400);
    expect(await t.server.services.chain.balance(wallet)).toBe(10n * LAMPORTS);
  });

  it('answers the latest blockhash', async () => {
    const reply = await call<string>(t, 'GET', '/payment/blockhash');
    expect(reply.body.data).toBe((await t.server.services.chain.latestBlockhash()).blockhash);
  });
});

describe('a server on a real cluster', () => {
  let t: TestServer;
  beforeAll(async () => {
    // Nothing is sent to this address: these routes do not touch the cluster.
    t = await startServer({ CHAIN: 'devnet', RPC_URL: 'http://127.0.0.1:9', SIGN_IN_DOMAIN: 'moonrush.example' });
  });
  afterAll(() => t.close());

  it('names its environment and has no faucet', async () => {
    expect((await call<{ type: string }>(t, 'GET', '/payment/environment')).body.data!.type).toBe('devnet');
    const reply = await call(t, 'POST', '/payment/faucet', {
      wallet: Keypair.generate().publicKey.toBase58(),
      amount: 1,
    });
    expect(reply.status).toBe(404);
  });
});
