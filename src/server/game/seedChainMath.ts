/**
 * Building and opening a seed chain on the server (docs/provably-fair.md "The scheme"). The links are hashed with
 * Node's synchronous sha256 (a million of them take about a second; WebCrypto would take a
 * minute); src/shared/fairness.ts is the reference every player runs, and the tests check both agree.
 */

import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { randomSeed } from '../../shared/fairness';

/** K: a stored checkpoint every this many links, so finding a round's seed takes at most K - 1 hashes. */
export const SEED_CHECKPOINT_EVERY = 1000;

const step = (seed: Buffer): Buffer => hash('sha256', seed, 'buffer');

/** A new chain: its commitment s_0 (hex) and the checkpoints s_K, s_2K, ..., s_N; `stopped` abandons it. */
export async function buildChain(
  length: number,
  every: number,
  stopped: () => boolean = () => false,
): Promise<{ commitment: string; checkpoints: Buffer[] }> {
  const checkpoints: Buffer[] = new Array<Buffer>(Math.ceil(length / every));
  let seed: Buffer = Buffer.from(randomSeed(), 'hex');
  for (let index = length; index >= 1; index--) {
    if (index % every === 0 || index === length) {
      checkpoints[Math.ceil(index / every) - 1] = seed;
      await setImmediate(); // a million links must not hold the event loop for seconds
      if (stopped()) throw new Error('the server is stopping: seed chain not committed');
    }
    seed = step(seed);
  }
  return { commitment: seed.toString('hex'), checkpoints };
}

/** s_index in hex, hashed down from the checkpoint at or above it (at most every - 1 hashes). */
export function seedAt(checkpoints: Buffer[], every: number, length: number, index: number): string {
  if (!Number.isInteger(index) || index < 1 || index > length)
    throw new RangeError(`no link ${index} in a chain of ${length}`);
  const slot = Math.ceil(index / every) - 1;
  let seed = checkpoints[slot]!;
  for (let at = Math.min((slot + 1) * every, length); at > index; at--) seed = step(seed);
  return seed.toString('hex');
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM of the checkpoints, bound to the chain's commitment: base64 of iv, ciphertext, tag. */
export function seal(key: Uint8Array, commitment: string, checkpoints: Buffer[]): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(commitment));
  const body = Buffer.concat([cipher.update(Buffer.concat(checkpoints)), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** The checkpoints back; throws when the key is not the one that sealed them. */
export function unseal(key: Uint8Array, commitment: string, sealed: string): Buffer[] {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(Buffer.from(commitment));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  const checkpoints: Buffer[] = [];
  for (let at = 0; at < plain.length; at += 32) checkpoints.push(plain.subarray(at, at + 32));
  return checkpoints;
}
