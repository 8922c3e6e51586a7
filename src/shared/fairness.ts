/**
 * Provably fair rounds (architecture §3): the crash point comes from a uniform integer r in
 * [1, 1e9]; hash = sha256hex(String(fullRate) + salt) is published first, fullRate and salt last.
 * WebCrypto only, so the browser and Node 20 run the same code.
 */

import { RANDOM_MAX, RTP, SALT_BYTES } from './constants';

/** The crash point for a random integer r in [1, RANDOM_MAX]. */
export function crashPointFromRandom(r: number): number {
  if (!Number.isInteger(r) || r < 1 || r > RANDOM_MAX) throw new RangeError(`random integer out of range: ${r}`);
  return Math.max(1, (RTP * RANDOM_MAX) / r);
}

const POOL_SIZE = 1024;
const pool = new Uint32Array(POOL_SIZE);
let poolIndex = POOL_SIZE;
/** Largest multiple of RANDOM_MAX below 2^32: values at or above it are rejected to stay uniform. */
const REJECT_FROM = Math.floor(2 ** 32 / RANDOM_MAX) * RANDOM_MAX;

/** A uniform integer in [1, RANDOM_MAX] from the platform CSPRNG. */
export function randomInteger(): number {
  for (;;) {
    if (poolIndex === POOL_SIZE) {
      crypto.getRandomValues(pool);
      poolIndex = 0;
    }
    const v = pool[poolIndex++]!;
    if (v < REJECT_FROM) return (v % RANDOM_MAX) + 1;
  }
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** 32 random bytes in hex. */
export function newSalt(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(SALT_BYTES)));
}

export async function sha256hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/** The published commitment of a round. */
export function roundHash(fullRate: number, salt: string): Promise<string> {
  return sha256hex(String(fullRate) + salt);
}

export interface RoundSecret {
  fullRate: number;
  salt: string;
  hash: string;
}

/** A new round's secret crash point and salt, with the hash to publish. */
export async function newRoundSecret(): Promise<RoundSecret> {
  const fullRate = crashPointFromRandom(randomInteger());
  const salt = newSalt();
  return { fullRate, salt, hash: await roundHash(fullRate, salt) };
}

/** True when the revealed fullRate and salt give the published hash. */
export async function verifyRound(round: { fullRate: number; salt: string; hash: string }): Promise<boolean> {
  return (await roundHash(round.fullRate, round.salt)) === round.hash.toLowerCase();
}
