/** The embedded chain (CHAIN=local): a real SVM in the server process, with a faucet for local play. */

import bs58 from 'bs58';
import { LiteSVM, FailedTransactionMetadata } from 'litesvm';
import { address, getTransactionDecoder, lamports as toLamports, type Signature } from '@solana/kit';
import type { Keypair } from '@solana/web3.js';
import type { Blockhash, Chain, SignedTransfer, TxStatus } from './Chain';
import { ChainRejected } from './Chain';
import { signHouseTransfer, wireSignature } from './houseTransfer';

/** How long a local blockhash lives, as a real cluster's ~150 blocks do. */
const BLOCKHASH_TTL_MS = 60_000;

/**
 * LiteSVM verifies signatures, charges fees, tracks balances and rejects duplicates and stale
 * blockhashes. It has no blocks, so this class counts blockhashes as block heights: a blockhash
 * is valid while it is the latest one, and it is replaced after a minute or by `expireBlockhash`.
 * It confirms at once, yet answers through the same submit/status steps as a real cluster.
 */
export class LocalChain implements Chain {
  readonly type = 'local';
  readonly houseAddress: string;
  private readonly svm = new LiteSVM();
  private readonly decoder = getTransactionDecoder();
  private height = 0n;
  private blockhashSince = Date.now();
  /** The height at which each recent blockhash was the latest (the last few hundred). */
  private readonly heights = new Map<string, bigint>();

  constructor(private readonly house: Keypair) {
    this.houseAddress = house.publicKey.toBase58();
  }

  async latestBlockhash(): Promise<Blockhash> {
    this.age();
    const blockhash = this.svm.latestBlockhash();
    if (!this.heights.has(blockhash)) {
      this.heights.set(blockhash, this.height);
      if (this.heights.size > 300) this.heights.delete(this.heights.keys().next().value!);
    }
    return { blockhash, lastValidBlockHeight: this.height };
  }

  async lastValidHeightOf(blockhash: string): Promise<bigint | null> {
    await this.latestBlockhash();
    return this.heights.get(blockhash) ?? null;
  }

  async expired(lastValidBlockHeight: bigint): Promise<boolean> {
    this.age();
    return this.height > lastValidBlockHeight;
  }

  async submit(wire: Uint8Array): Promise<string> {
    this.age();
    const signature = wireSignature(wire);
    let transaction;
    try {
      transaction = this.decoder.decode(wire);
    } catch {
      throw new ChainRejected('the transaction could not be decoded');
    }
    const result = this.svm.sendTransaction(transaction);
    if (result instanceof FailedTransactionMetadata) {
      // A transaction that paid its fee landed as failed: its status tells it. Anything else never landed.
      if (this.svm.getTransaction(signature as Signature)) return signature;
      throw new ChainRejected(errorText(result));
    }
    return signature;
  }

  async status(signature: string): Promise<TxStatus> {
    const found = this.svm.getTransaction(signature as Signature);
    if (!found) return { state: 'unknown' };
    if (found instanceof FailedTransactionMetadata) return { state: 'failed', reason: errorText(found) };
    return { state: 'finalized' };
  }

  async transferFromHouse(to: string, lamports: bigint, memo: string): Promise<SignedTransfer> {
    return signHouseTransfer(this.house, to, lamports, memo, await this.latestBlockhash());
  }

  async balance(wallet: string): Promise<bigint> {
    return this.svm.getBalance(address(wallet)) ?? 0n;
  }

  async airdrop(wallet: string, lamports: bigint): Promise<string> {
    let result = this.svm.airdrop(address(wallet), toLamports(lamports));
    // The same amount to the same wallet under one blockhash is the same transaction (AlreadyProcessed):
    // a faucet pressed twice in a minute, or the house float and a top-up. A new blockhash makes it new.
    if (result instanceof FailedTransactionMetadata && errorText(result) === 'AlreadyProcessed') {
      this.expireBlockhash();
      result = this.svm.airdrop(address(wallet), toLamports(lamports));
    }
    if (!result || result instanceof FailedTransactionMetadata)
      throw new ChainRejected(result ? errorText(result) : 'airdrop failed');
    return bs58.encode(result.signature());
  }

  /** Moves to a new blockhash: every transaction signed under an older one can no longer land. */
  expireBlockhash(): void {
    this.svm.expireBlockhash();
    this.height += 1n;
    this.blockhashSince = Date.now();
  }

  private age(): void {
    if (Date.now() - this.blockhashSince >= BLOCKHASH_TTL_MS) this.expireBlockhash();
  }
}

/** The chain's error, e.g. `InstructionError(0, Custom(1))`, for logs and rows. */
function errorText(result: FailedTransactionMetadata): string {
  return /err: (.*?), meta:/.exec(result.toString())?.[1] ?? 'rejected by the chain';
}
