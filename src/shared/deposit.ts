/**
 * The deposit instruction of docs/wire.md "Payments", built in one place for the page and the server's
 * tests: `discriminator ++ u64 LE lamports` to programInfo's program, with the accounts
 * [player (signer, writable), adminWallets[0] (writable)]; and the memo naming the deposit, so two
 * equal deposits under one blockhash are two transactions (a local chain's blockhash stays put).
 */

import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { DepositProgramData, DepositProgramInfo, PrepareDepositResponse } from './protocol';

/** What `POST /payment/prepare` says to pay: the program, its discriminator and the recipient. */
export interface DepositProgram {
  programId: PublicKey;
  discriminator: number[];
  recipient: PublicKey;
}

const base64Json = <T>(text: string): T =>
  JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)))) as T;

/** Decodes programInfo and programData (base64 JSON); throws when they do not name a program and a recipient. */
export function decodeDepositProgram(
  prepared: Pick<PrepareDepositResponse, 'programInfo' | 'programData'>,
): DepositProgram {
  const info = base64Json<DepositProgramInfo>(prepared.programInfo);
  const data = base64Json<DepositProgramData>(prepared.programData);
  const recipient = data.adminWallets?.[0];
  if (!recipient || !Array.isArray(info.discriminator)) throw new Error('The deposit program is not readable');
  return {
    programId: new PublicKey(info.programId),
    discriminator: info.discriminator,
    recipient: new PublicKey(recipient),
  };
}

/** `lamports` as 8 bytes little-endian (docs/spec.md §7). */
export function lamportsLE(lamports: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, lamports, true);
  return bytes;
}

/** The one instruction of a deposit of `lamports` from `player`. */
export function depositInstruction(
  program: DepositProgram,
  player: PublicKey,
  lamports: bigint,
): TransactionInstruction {
  const data = new Uint8Array(program.discriminator.length + 8);
  data.set(program.discriminator);
  data.set(lamportsLE(lamports), program.discriminator.length);
  return new TransactionInstruction({
    programId: program.programId,
    keys: [
      { pubkey: player, isSigner: true, isWritable: true },
      { pubkey: program.recipient, isSigner: false, isWritable: true },
    ],
    // web3.js types this as Buffer but only reads it as bytes, so a Uint8Array keeps this module free of Node.
    data: data as Buffer,
  });
}

/** SPL Memo v3: a note on a transfer, so two equal transfers never share a signature. */
export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/** A memo instruction carrying `note` (UTF-8), signed by nobody. */
export function memoInstruction(note: string): TransactionInstruction {
  return new TransactionInstruction({
    programId: MEMO_PROGRAM_ID,
    keys: [],
    data: new TextEncoder().encode(note) as Buffer,
  });
}
