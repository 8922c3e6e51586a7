/** The embedded chain (CHAIN=local): a real SVM in the server process, with a faucet for local play. */

import { LiteSVM, FailedTransactionMetadata } from 'litesvm';
import { address, getTransactionDecoder, lamports as toLamports, type Signature } from '@solana/kit';
import { Keypair } from '@solana/web3.js';
import type { Blockhash, Chain, SignedTransfer, TxStatus } from './Chain';
import { ChainRejected } from './Chain';
import { signHouseTransfer, signMemo, wireSignature } from './houseTransfer';
import { memoFromLogs } from '../../shared/settlement';
import { DEFAULT_LOCAL_BLOCKHASH_TTL_MS } from '../config';

/** What the faucet holds: nearly all of the million play SOL of LiteSVM's airdrop account. */
const FAUCET_LAMPORTS = 999_000n * 1_000_000_000n;

/**
 * LiteSVM verifies signatures, charges fees, tracks balances and rejects duplicates and stale
 * blockhashes. It has no blocks, so this class counts blockhashes as block heights: a blockhash
 * is valid while it is the latest one, and it is replaced after `ttlMs` (a minute) or by `expireBlockhash`.
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

  /** The faucet's wallet, filled once from LiteSVM's own airdrop account (a new key, so never a repeated transaction). */
  private readonly faucet = Keypair.generate();
  private faucetTransfers = 0;

  constructor(
    private readonly house: Keypair,
    private readonly ttlMs = DEFAULT_LOCAL_BLOCKHASH_TTL_MS,
  ) {
    this.houseAddress = house.publicKey.toBase58();
    const filled = this.svm.airdrop(address(this.faucet.publicKey.toBase58()), toLamports(FAUCET_LAMPORTS));
    if (!filled || filled instanceof FailedTransactionMetadata) throw new Error('the local faucet could not be filled');
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

  async writeMemo(memo: string): Promise<string> {
    const signed = signMemo(this.house, memo, await this.latestBlockhash());
    await this.submit(signed.wire);
    const status = await this.status(signed.signature);
    if (status.state === 'failed') throw new ChainRejected(status.reason);
    return signed.signature;
  }

  async readMemo(signature: string): Promise<string | null> {
    const found = this.svm.getTransaction(signature as Signature);
    return found && !(found instanceof FailedTransactionMetadata) ? memoFromLogs(found.logs()) : null;
  }

  /**
   * A transfer from the faucet's own wallet with a memo of its own: two equal requests under one
   * blockhash are two transactions, and nobody's pending transaction loses its blockhash to them.
   */
  async airdrop(wallet: string, lamports: bigint): Promise<string> {
    this.faucetTransfers += 1;
    const memo = `moonrush faucet ${this.faucetTransfers}`;
    const transfer = signHouseTransfer(this.faucet, wallet, lamports, memo, await this.latestBlockhash());
    await this.submit(transfer.wire);
    const status = await this.status(transfer.signature);
    if (status.state === 'failed') throw new ChainRejected(status.reason);
    return transfer.signature;
  }

  /** Moves to a new blockhash: every transaction signed under an older one can no longer land. */
  expireBlockhash(): void {
    this.svm.expireBlockhash();
    this.height += 1n;
    this.blockhashSince = Date.now();
  }

  private age(): void {
    if (Date.now() - this.blockhashSince >= this.ttlMs) this.expireBlockhash();
  }
}

/** The chain's error, e.g. `InstructionError(0, Custom(1))`, for logs and rows. */
function errorText(result: FailedTransactionMetadata): string {
  return /err: (.*?), meta:/.exec(result.toString())?.[1] ?? 'rejected by the chain';
}
