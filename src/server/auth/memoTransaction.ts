/**
 * The sign-in of wallets that cannot sign messages (Ledger): a transaction whose only instruction
 * is a Memo holding the sign-in text, paid by the player. It is verified here and never sent.
 */

import { VersionedTransaction } from '@solana/web3.js';
import { verifySignature } from './ed25519';

const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

/** True when `bytes` is a transaction signed by fee payer `address` whose one instruction is a Memo of `text`. */
export function verifyMemoTransaction(bytes: Uint8Array, address: string, text: string): boolean {
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(bytes);
  } catch {
    return false;
  }
  const message = tx.message;
  const keys = message.staticAccountKeys;
  const instructions = message.compiledInstructions;
  if (message.addressTableLookups.length > 0 || instructions.length !== 1) return false;
  const memo = instructions[0]!;
  const program = keys[memo.programIdIndex]?.toBase58();
  if (!program || !MEMO_PROGRAMS.has(program)) return false;
  if (Buffer.from(memo.data).toString('utf8') !== text) return false;
  if (keys[0]?.toBase58() !== address) return false;
  const signature = tx.signatures[0];
  return !!signature && verifySignature(address, message.serialize(), signature);
}
