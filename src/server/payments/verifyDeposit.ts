/**
 * Strict checks on a player's signed deposit transaction, before anything is sent (docs/payments.md "Deposits").
 * Pure: bytes in, verdict out. Anything not plainly "this wallet pays exactly this much to the
 * house" is refused, so a credited deposit always matches SOL that reached the house wallet.
 */

import { createPublicKey, verify } from 'node:crypto';
import bs58 from 'bs58';
import { ComputeBudgetProgram, PublicKey, SystemProgram, VersionedTransaction } from '@solana/web3.js';
import { Refusal } from '../Refusal';

const ALLOWED_EXTRA_PROGRAMS = new Set([
  ComputeBudgetProgram.programId.toBase58(),
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);
const SYSTEM_PROGRAM = SystemProgram.programId.toBase58();
/** System instruction 2 is Transfer: u32 LE index, then u64 LE lamports. */
const SYSTEM_TRANSFER = 2;
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

interface DepositExpectation {
  /** The signed-in player's wallet: fee payer and sender. */
  wallet: string;
  house: string;
  lamports: bigint;
}

export interface VerifiedDeposit {
  /** The fee payer's signature: the transaction's id on the chain. */
  signature: string;
  blockhash: string;
}

/** Verifies the wire bytes against the intent; throws a Refusal saying what is wrong. */
export function verifyDeposit(wire: Uint8Array, expected: DepositExpectation): VerifiedDeposit {
  const tx = decode(wire);
  const message = tx.message;
  if (message.addressTableLookups.length > 0)
    throw new Refusal('invalid', 'Address lookup tables are not accepted in a deposit');
  const keys = message.staticAccountKeys.map((key) => key.toBase58());
  if (keys[0] !== expected.wallet) throw new Refusal('invalid', 'The deposit must be paid from your wallet');
  checkSignatures(tx, keys);

  let transfers = 0;
  for (const instruction of message.compiledInstructions) {
    const program = keys[instruction.programIdIndex];
    if (program && ALLOWED_EXTRA_PROGRAMS.has(program)) continue;
    if (program !== SYSTEM_PROGRAM) throw new Refusal('invalid', 'The deposit may only transfer SOL');
    const data = Buffer.from(instruction.data);
    if (data.length !== 12 || data.readUInt32LE(0) !== SYSTEM_TRANSFER)
      throw new Refusal('invalid', 'The deposit may only transfer SOL');
    transfers += 1;
    const [from, to] = instruction.accountKeyIndexes.map((index) => keys[index]);
    if (from !== expected.wallet) throw new Refusal('invalid', 'The deposit must come from your wallet');
    if (to !== expected.house) throw new Refusal('invalid', 'The deposit must go to the house wallet');
    if (data.readBigUInt64LE(4) !== expected.lamports)
      throw new Refusal('invalid', 'The deposit amount does not match');
  }
  if (transfers !== 1) throw new Refusal('invalid', 'The deposit must be exactly one transfer');
  const first = tx.signatures[0];
  if (!first) throw new Refusal('invalid', 'The deposit is not signed');
  return { signature: bs58.encode(first), blockhash: message.recentBlockhash };
}

function decode(wire: Uint8Array): VersionedTransaction {
  try {
    return VersionedTransaction.deserialize(wire);
  } catch {
    throw new Refusal('invalid', 'The deposit transaction could not be read');
  }
}

/** Every required signer has signed this exact message. */
function checkSignatures(tx: VersionedTransaction, keys: string[]): void {
  const required = tx.message.header.numRequiredSignatures;
  if (tx.signatures.length !== required) throw new Refusal('invalid', 'The deposit is not signed');
  const messageBytes = Buffer.from(tx.message.serialize());
  tx.signatures.forEach((signature, index) => {
    const signer = keys[index];
    if (!signer || signature.every((byte) => byte === 0)) throw new Refusal('invalid', 'The deposit is not signed');
    const key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, new PublicKey(signer).toBuffer()]),
      format: 'der',
      type: 'spki',
    });
    if (!verify(null, messageBytes, key, Buffer.from(signature)))
      throw new Refusal('invalid', 'The deposit signature is not valid');
  });
}
