import { describe, expect, it } from 'vitest';
import {
  crashPointFromRandom,
  crashPointFromSeed,
  previousSeed,
  randomFromDigest,
  randomSeed,
  roundFromSeed,
  roundHash,
  sha256hex,
  verifyCrashPoint,
  verifyLink,
  verifyRound,
} from '../../src/shared/fairness';
import { hmacWords, messageWords, sha256Words } from './syncSha256';

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const CLIENT_SEED = 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi';

const wordsHex = (words: Uint32Array) => [...words].map((word) => word.toString(16).padStart(8, '0')).join('');

describe('crash point', () => {
  it('is 0.95e9 / r, never below 1', () => {
    expect(crashPointFromRandom(1)).toBe(950_000_000);
    expect(crashPointFromRandom(475_000_000)).toBe(2);
    expect(crashPointFromRandom(950_000_000)).toBe(1);
    expect(crashPointFromRandom(1_000_000_000)).toBe(1);
  });

  it('refuses integers outside [1, 1e9]', () => {
    expect(() => crashPointFromRandom(0)).toThrow(RangeError);
    expect(() => crashPointFromRandom(1_000_000_001)).toThrow(RangeError);
    expect(() => crashPointFromRandom(1.5)).toThrow(RangeError);
  });

  it('takes r = 1 + floor(u * 1e9) from the first 52 bits of the digest', () => {
    expect(randomFromDigest(new Uint8Array(32))).toBe(1);
    expect(randomFromDigest(new Uint8Array(32).fill(0xff))).toBe(1_000_000_000);
    // u = 0.5 exactly: the top bit set, the rest zero.
    expect(randomFromDigest(Uint8Array.from([0x80, ...new Uint8Array(31)]))).toBe(500_000_001);
    // Bits past the 52nd do not count.
    expect(randomFromDigest(Uint8Array.from([0x80, 0, 0, 0, 0, 0, 0x0f, 0xff, ...new Uint8Array(24)]))).toBe(
      500_000_001,
    );
  });

  it('matches an independent computation for a known seed and client seed', async () => {
    // python3: d = hmac.new(bytes.fromhex(SEED), CLIENT_SEED.encode(), sha256).digest()
    //          r = 1 + ((int.from_bytes(d[:7], 'big') >> 4) * 10**9 >> 52)  ->  417023962
    expect(await crashPointFromSeed(SEED, CLIENT_SEED)).toBe(0.95e9 / 417_023_962);
    expect(String(await crashPointFromSeed(SEED, CLIENT_SEED))).toBe('2.27804655503225');
  });
});

describe('seed chain', () => {
  it('steps down by sha256 over the 32 bytes', async () => {
    // python3: hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    expect(await previousSeed(SEED)).toBe('4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef');
  });

  it('links each salt to the one before it and to the commitment', async () => {
    const s3 = randomSeed();
    const s2 = await previousSeed(s3);
    const s1 = await previousSeed(s2);
    const s0 = await previousSeed(s1);
    expect(await verifyLink(s3, s2)).toBe(true);
    expect(await verifyLink(s1, s0)).toBe(true);
    expect(await verifyLink(s3, s0, 3)).toBe(true);
    expect(await verifyLink(s2, s3)).toBe(false);
    expect(await verifyLink(randomSeed(), s2)).toBe(false);
  });

  it('draws a round whose hash, crash point and salt all verify, and rejects a tampered one', async () => {
    const seed = randomSeed();
    const round = await roundFromSeed(seed, CLIENT_SEED);
    expect(round.salt).toBe(seed);
    expect(await verifyRound(round)).toBe(true);
    expect(await verifyCrashPoint(round, CLIENT_SEED)).toBe(true);
    expect(await verifyCrashPoint(round, CLIENT_SEED + 'x')).toBe(false);
    expect(await verifyRound({ ...round, fullRate: round.fullRate + 0.01 })).toBe(false);
    expect(await verifyRound({ ...round, salt: randomSeed() })).toBe(false);
  });

  it('makes 32-byte hex seeds that differ', () => {
    const a = randomSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(randomSeed()).not.toBe(a);
  });

  it('gives P(crash >= m) = 0.95 / m over 10^6 rounds of one chain, within 5 standard deviations', async () => {
    // WebCrypto answers one promise per digest, too slow for a million, so the links and digests
    // come from a synchronous SHA-256 checked here against WebCrypto on a sample; r and the crash
    // point are the shared code's.
    const rounds = 1_000_000;
    const targets = [1.01, 2, 10, 100];
    const atLeast = targets.map(() => 0);
    const message = messageWords(new TextEncoder().encode(CLIENT_SEED));
    let seed = new Uint32Array(8).fill(0x5eed);
    let next = new Uint32Array(8);
    const digest = new Uint32Array(8);
    const first64 = new DataView(new ArrayBuffer(8));
    const first64Bytes = new Uint8Array(first64.buffer);
    for (let i = 0; i < rounds; i++) {
      hmacWords(seed, message, digest);
      first64.setUint32(0, digest[0]!);
      first64.setUint32(4, digest[1]!);
      const fullRate = crashPointFromRandom(randomFromDigest(first64Bytes));
      for (let t = 0; t < targets.length; t++) if (fullRate >= targets[t]!) atLeast[t]!++;
      sha256Words(seed, next);
      if (i % 100_000 === 0) {
        expect(await crashPointFromSeed(wordsHex(seed), CLIENT_SEED)).toBe(fullRate);
        expect(await previousSeed(wordsHex(seed))).toBe(wordsHex(next));
      }
      [seed, next] = [next, seed];
    }
    targets.forEach((m, t) => {
      const p = 0.95 / m;
      const sd = Math.sqrt((p * (1 - p)) / rounds);
      expect(Math.abs(atLeast[t]! / rounds - p), `P(crash >= ${m}) = ${atLeast[t]! / rounds}`).toBeLessThan(5 * sd);
    });
  });
});

describe('hash', () => {
  it('matches sha256sum for a known vector', async () => {
    // printf '%s' '2.3456789012345678a3f1c2d4e5b6978812345678abcdef00112233445566778899aabbccddeeff0011' | sha256sum
    expect(
      await sha256hex('2.3456789012345678a3f1c2d4e5b6978812345678abcdef00112233445566778899aabbccddeeff0011'),
    ).toBe('14d5ff21a083123090c22941b4ac283e1cb48674f8cfece10933c29920ed58e7');
  });

  it('hashes String(fullRate) + salt', async () => {
    // printf '%s' '2.345679012345679deadbeef' | sha256sum
    const fullRate = crashPointFromRandom(405_000_000);
    expect(await roundHash(fullRate, 'deadbeef')).toBe(
      'c834c8b562dfee10a6874d286cba2c02fa6d41616f3370358d24f516da42fafc',
    );
  });
});
