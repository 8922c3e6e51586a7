/**
 * Provably fair rounds (docs/provably-fair.md "The scheme"). The operator commits to every round of a seed chain at
 * once: a secret 32-byte seed s_N, s_{i-1} = sha256(s_i), and s_0 (the commitment) is published
 * before round 1 of the chain. Round i reveals salt = hex(s_i); its crash point mixes s_i with a
 * public client seed fixed after s_0 was published, and hash = sha256hex(String(fullRate) + salt)
 * is published when the round is created. WebCrypto only, so the browser, Node 20 and the
 * verify script run this same code.
 */

import { RANDOM_MAX, RTP, SALT_BYTES } from './constants';

/** The scheme in words, as GET /game/fairness publishes it. */
export const FAIRNESS_FORMULA = {
  chain:
    'A secret 32-byte seed s_N; s_(i-1) = sha256(s_i) over the 32 bytes; s_0 is the commitment, published before round 1 of the chain; round i of the chain reveals salt = hex(s_i).',
  random:
    'r = 1 + floor(u * 1e9), u = (the first 52 bits of HMAC-SHA256 with key = the 32 bytes of s_i and message = the client seed in UTF-8) / 2^52.',
  crashPoint: 'fullRate = max(1, 0.95e9 / r); the round ends at fullRate truncated to 2 decimals.',
  hash: 'hash = sha256hex(String(fullRate) + salt), published when the round is created, before any bet.',
} as const;

/** The crash point for a random integer r in [1, RANDOM_MAX]: max(1, 0.95e9 / r). */
export function crashPointFromRandom(r: number): number {
  if (!Number.isInteger(r) || r < 1 || r > RANDOM_MAX) throw new RangeError(`random integer out of range: ${r}`);
  return Math.max(1, (RTP * RANDOM_MAX) / r);
}

/**
 * r = 1 + floor(u * 1e9), u = the first 52 bits of an HMAC-SHA256 digest over 2^52. Computed on
 * integers, so any language gets the same r.
 */
export function randomFromDigest(digest: Uint8Array): number {
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const first52 = (BigInt(view.getUint32(0)) << 20n) | BigInt(view.getUint32(4) >>> 12);
  return 1 + Number((first52 * BigInt(RANDOM_MAX)) >> 52n);
}

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The bytes of a hex string; throws on anything that is not whole hex bytes. */
function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new RangeError('not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** 32 bytes from the platform CSPRNG, in hex: the secret end s_N of a new seed chain. */
export function randomSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(SALT_BYTES)));
}

export async function sha256hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/** One link down the chain: s_{i-1} = sha256(s_i), over the 32 bytes, in hex. */
export async function previousSeed(seed: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', fromHex(seed))));
}

/** HMAC-SHA256 with the seed's bytes as key and the client seed's UTF-8 bytes as message. */
async function seedDigest(seed: string, clientSeed: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', fromHex(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(clientSeed)));
}

/** The crash point of the round whose seed is `seed`, under the chain's client seed. */
export async function crashPointFromSeed(seed: string, clientSeed: string): Promise<number> {
  return crashPointFromRandom(randomFromDigest(await seedDigest(seed, clientSeed)));
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

/** A round drawn from link s_i of a chain: salt = hex(s_i), crash point from s_i and the client seed. */
export async function roundFromSeed(seed: string, clientSeed: string): Promise<RoundSecret> {
  const fullRate = await crashPointFromSeed(seed, clientSeed);
  const salt = seed.toLowerCase();
  return { fullRate, salt, hash: await roundHash(fullRate, salt) };
}

/** True when the revealed fullRate and salt give the published hash. */
export async function verifyRound(round: { fullRate: number; salt: string; hash: string }): Promise<boolean> {
  return (await roundHash(round.fullRate, round.salt)) === round.hash.toLowerCase();
}

/** True when the revealed fullRate is the one the salt and the client seed give. */
export async function verifyCrashPoint(
  round: { fullRate: number; salt: string },
  clientSeed: string,
): Promise<boolean> {
  return (await crashPointFromSeed(round.salt, clientSeed)) === round.fullRate;
}

/**
 * True when `salt` lies `steps` links above `earlier` (the previous round's salt, or the
 * commitment s_0 for round 1 of a chain): hashing it `steps` times gives `earlier`.
 */
export async function verifyLink(salt: string, earlier: string, steps = 1): Promise<boolean> {
  let seed = salt;
  for (let i = 0; i < steps; i++) seed = await previousSeed(seed);
  return seed === earlier.toLowerCase();
}
