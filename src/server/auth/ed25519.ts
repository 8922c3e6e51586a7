/** Solana addresses and ed25519 signatures with node:crypto. */

import { createPublicKey, verify } from 'node:crypto';
import bs58 from 'bs58';

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The 32 public-key bytes of a base58 address, or null when it is not one. */
export function addressBytes(address: string): Uint8Array | null {
  try {
    const bytes = bs58.decode(address);
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}

/** True when `signature` is `address`'s ed25519 signature of `data`. */
export function verifySignature(address: string, data: Uint8Array, signature: Uint8Array): boolean {
  const publicKey = addressBytes(address);
  if (!publicKey || signature.length !== 64) return false;
  try {
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]), format: 'der', type: 'spki' });
    return verify(null, data, key, signature);
  } catch {
    return false;
  }
}
