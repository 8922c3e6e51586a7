/** Builds the house wallet's signed transfer; both chains use it, so the bytes are the same everywhere. */

import bs58 from 'bs58';
import { type Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { memoInstruction } from '../../shared/deposit';
import type { Blockhash, SignedTransfer } from './Chain';

/** Signs `lamports` from the house to `to` under `recent`; nothing is sent. */
export function signHouseTransfer(house: Keypair, to: string, lamports: bigint, memo: string, recent: Blockhash): SignedTransfer {
  const tx = new Transaction({ feePayer: house.publicKey, blockhash: recent.blockhash, lastValidBlockHeight: Number(recent.lastValidBlockHeight) });
  tx.add(SystemProgram.transfer({ fromPubkey: house.publicKey, toPubkey: new PublicKey(to), lamports }));
  // The memo (the withdrawal id): two equal transfers never share a signature.
  tx.add(memoInstruction(memo));
  tx.sign(house);
  if (!tx.signature) throw new Error('the house transfer was not signed');
  return { ...recent, signature: bs58.encode(tx.signature), wire: new Uint8Array(tx.serialize()) };
}

/** The signature of signed wire bytes (the fee payer's, the first one), base58. */
export function wireSignature(wire: Uint8Array): string {
  // A legacy or versioned transaction starts with a compact-u16 signature count, then 64-byte signatures.
  const count = wire[0] ?? 0;
  if (count === 0 || count >= 0x80 || wire.length < 65) throw new Error('the transaction carries no signature');
  return bs58.encode(wire.subarray(1, 65));
}
