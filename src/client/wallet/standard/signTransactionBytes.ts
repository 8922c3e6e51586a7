/**
 * Signs a serialized Solana transaction (legacy or v0) with one key, without a Solana library:
 * the wire is `shortvec(n) ++ n signatures ++ message`, and the key's signature goes into the slot
 * of its index among the message's signer keys.
 */

import type { WalletKey } from './ed25519Key';

const SIGNATURE_BYTES = 64;
const KEY_BYTES = 32;

/** A compact-u16 at `offset`: its value and the offset after it. */
function readShortVec(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  for (let shift = 0, at = offset; shift < 21; shift += 7, at += 1) {
    const byte = bytes[at];
    if (byte === undefined) throw new Error('The transaction is cut short');
    value |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [value, at + 1];
  }
  throw new Error('The transaction is not readable');
}

const sameKey = (bytes: Uint8Array, at: number, key: Uint8Array) => key.every((byte, i) => bytes[at + i] === byte);

/** The same transaction with `key`'s signature in its slot; throws when the transaction does not ask for it. */
export async function signTransactionBytes(wire: Uint8Array, key: WalletKey): Promise<Uint8Array> {
  const [slots, signaturesAt] = readShortVec(wire, 0);
  const message = wire.subarray(signaturesAt + slots * SIGNATURE_BYTES);
  const headerAt = (message[0] ?? 0) & 0x80 ? 1 : 0;
  const required = message[headerAt] ?? 0;
  const [keys, keysAt] = readShortVec(message, headerAt + 3);
  const index = Array.from({ length: Math.min(required, keys, slots) }, (_, i) => i).find((i) =>
    sameKey(message, keysAt + i * KEY_BYTES, key.publicKey),
  );
  if (index === undefined) throw new Error("This transaction does not ask for this wallet's signature");
  const signed = wire.slice();
  signed.set(await key.sign(message), signaturesAt + index * SIGNATURE_BYTES);
  return signed;
}
