/** The one door to Solana (docs/payments.md "The chain"): the in-process LiteSVM or a real cluster behind RPC. */

import type { PaymentEnvironmentType } from '../../shared/protocol';

/**
 * Where a transaction stands. `finalized` is the only state money may be credited on;
 * `failed` means it landed with an error (so its signature can never succeed); `unknown` means
 * the chain has not seen it, so it may still land until its blockhash expires.
 */
export type TxStatus =
  | { state: 'pending' }
  | { state: 'confirmed' }
  | { state: 'finalized' }
  | { state: 'failed'; reason: string }
  | { state: 'unknown' };

/** A recent blockhash and the last block height at which a transaction using it can land. */
export interface Blockhash {
  blockhash: string;
  lastValidBlockHeight: bigint;
}

/** A signed transfer from the house wallet, not yet sent, so it can be persisted first. */
export interface SignedTransfer extends Blockhash {
  signature: string;
  wire: Uint8Array;
}

/** Thrown when the chain refuses a transaction outright (bad signature, unknown blockhash, simulation error). */
export class ChainRejected extends Error {}

export interface Chain {
  /** The environment type shown to clients: local, devnet, test or main. */
  readonly type: PaymentEnvironmentType;
  /** The house wallet's address (base58): deposits go there, withdrawals come from it. */
  readonly houseAddress: string;
  latestBlockhash(): Promise<Blockhash>;
  /**
   * An upper bound of the last block height at which a transaction under `blockhash` can land,
   * or null when the chain does not know the blockhash (expired long ago, or this node has not
   * seen it yet).
   */
  lastValidHeightOf(blockhash: string): Promise<bigint | null>;
  /** True once no transaction with a blockhash valid up to `lastValidBlockHeight` can land any more. */
  expired(lastValidBlockHeight: bigint): Promise<boolean>;
  /** Sends signed wire bytes and returns the signature; sending the same bytes again is harmless. */
  submit(wire: Uint8Array): Promise<string>;
  status(signature: string): Promise<TxStatus>;
  /** Builds and signs a transfer of `lamports` from the house wallet to `to`, with `memo` to tell transfers apart. */
  transferFromHouse(to: string, lamports: bigint, memo: string): Promise<SignedTransfer>;
  balance(address: string): Promise<bigint>;
  /** Writes `memo` to the chain in a transaction of its own paid by the house; returns its signature once sent. */
  writeMemo(memo: string): Promise<string>;
  /** The memo of a transaction writeMemo sent, as the chain keeps it, or null when the chain does not know it. */
  readMemo(signature: string): Promise<string | null>;
  /** Real clusters: the latest confirmed slot (seed chains announce a future one). */
  currentSlot?(): Promise<number>;
  /** Real clusters: the first finalized block at or after `slot`, or null while there is none yet. */
  finalizedBlockFrom?(slot: number): Promise<{ slot: number; blockhash: string } | null>;
  /** Local SOL for play; only the local chain has it. */
  airdrop?(address: string, lamports: bigint): Promise<string>;
}
