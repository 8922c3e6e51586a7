/** A real cluster (CHAIN=devnet|testnet|mainnet) through RPC_URL. */

import { type Connection, type Keypair, PublicKey, SendTransactionError } from '@solana/web3.js';
import type { PaymentEnvironmentType } from '../../shared/protocol';
import type { Blockhash, Chain, SignedTransfer, TxStatus } from './Chain';
import { ChainRejected } from './Chain';
import { signHouseTransfer, signMemo, wireSignature } from './houseTransfer';
import { memoFromLogs } from '../../shared/settlement';

/** The part of web3.js's Connection this chain uses, so tests can stand in for a cluster. */
export type RpcConnection = Pick<
  Connection,
  | 'getLatestBlockhash'
  | 'isBlockhashValid'
  | 'getBlockHeight'
  | 'sendRawTransaction'
  | 'getSignatureStatuses'
  | 'getBalance'
  | 'getSlot'
  | 'getBlocks'
  | 'getBlock'
  | 'getTransaction'
>;

/** How far past a slot to look for its first block (slots may be skipped, never this many). */
const SKIPPED_SLOTS_MAX = 1000;

/**
 * Money is only credited at `finalized`: a transaction that failed on an unfinalized fork could
 * still land elsewhere, so a failure counts only once finalized too. Expiry is judged on the
 * finalized block height, past which no fork can bring the transaction back.
 */
export class RpcChain implements Chain {
  readonly houseAddress: string;

  constructor(
    readonly type: PaymentEnvironmentType,
    private readonly connection: RpcConnection,
    private readonly house: Keypair,
  ) {
    this.houseAddress = house.publicKey.toBase58();
  }

  async latestBlockhash(): Promise<Blockhash> {
    const latest = await this.connection.getLatestBlockhash('confirmed');
    return { blockhash: latest.blockhash, lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) };
  }

  async currentSlot(): Promise<number> {
    return this.connection.getSlot('confirmed');
  }

  async finalizedBlockFrom(slot: number): Promise<{ slot: number; blockhash: string } | null> {
    const finalized = await this.connection.getSlot('finalized');
    if (finalized < slot) return null;
    const [first] = await this.connection.getBlocks(slot, Math.min(finalized, slot + SKIPPED_SLOTS_MAX), 'finalized');
    if (first === undefined) return null;
    const block = await this.connection.getBlock(first, {
      commitment: 'finalized',
      maxSupportedTransactionVersion: 0,
      transactionDetails: 'none',
      rewards: false,
    });
    return block ? { slot: first, blockhash: block.blockhash } : null;
  }

  /** A blockhash this node knows is no newer than its latest, so the latest's height bounds it. */
  async lastValidHeightOf(blockhash: string): Promise<bigint | null> {
    const { value: valid } = await this.connection.isBlockhashValid(blockhash, { commitment: 'confirmed' });
    return valid ? (await this.latestBlockhash()).lastValidBlockHeight : null;
  }

  async expired(lastValidBlockHeight: bigint): Promise<boolean> {
    return BigInt(await this.connection.getBlockHeight('finalized')) > lastValidBlockHeight;
  }

  async submit(wire: Uint8Array): Promise<string> {
    const signature = wireSignature(wire);
    try {
      await this.connection.sendRawTransaction(wire, {
        skipPreflight: false,
        preflightCommitment: 'confirmed',
        maxRetries: 0,
      });
    } catch (error) {
      if (!(error instanceof SendTransactionError)) throw error;
      // Resending a transaction that already landed is the expected outcome of a resend, not a rejection.
      if (/already been processed|AlreadyProcessed/i.test(error.message)) return signature;
      throw new ChainRejected(error.message);
    }
    return signature;
  }

  async status(signature: string): Promise<TxStatus> {
    const { value } = await this.connection.getSignatureStatuses([signature], { searchTransactionHistory: true });
    const found = value[0];
    if (!found) return { state: 'unknown' };
    const finalized = found.confirmationStatus === 'finalized';
    if (found.err) {
      if (!finalized) return { state: 'pending' };
      return { state: 'failed', reason: typeof found.err === 'string' ? found.err : JSON.stringify(found.err) };
    }
    if (finalized) return { state: 'finalized' };
    return found.confirmationStatus === 'confirmed' ? { state: 'confirmed' } : { state: 'pending' };
  }

  async transferFromHouse(to: string, lamports: bigint, memo: string): Promise<SignedTransfer> {
    return signHouseTransfer(this.house, to, lamports, memo, await this.latestBlockhash());
  }

  async balance(wallet: string): Promise<bigint> {
    return BigInt(await this.connection.getBalance(new PublicKey(wallet), 'finalized'));
  }

  async writeMemo(memo: string): Promise<string> {
    return this.submit(signMemo(this.house, memo, await this.latestBlockhash()).wire);
  }

  async readMemo(signature: string): Promise<string | null> {
    const found = await this.connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    return found?.meta?.logMessages ? memoFromLogs(found.meta.logMessages) : null;
  }
}
