/**
 * A synchronous SHA-256 / HMAC-SHA256 over 32-bit words for the 10^6-round distribution test:
 * WebCrypto answers one promise per call (tens of microseconds each), this takes about one.
 * Only for short messages (one block after the key); the test checks it against WebCrypto.
 */

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = Uint32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const w = new Uint32Array(64);

/** Runs the compression function over w[0..15] into `state`. */
function compress(state: Uint32Array): void {
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!,
    b = state[1]!,
    c = state[2]!,
    d = state[3]!,
    e = state[4]!,
    f = state[5]!,
    g = state[6]!,
    h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const t1 =
      (h +
        (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
        ((e & f) ^ (~e & g)) +
        K[i]! +
        w[i]!) |
      0;
    const t2 =
      ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
        ((a & b) ^ (a & c) ^ (b & c))) |
      0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** Fills w[0..15] with `words` then SHA-256 padding for a message of `totalBytes` (words end on a byte boundary). */
function lastBlock(words: Uint32Array, bytesInBlock: number, totalBytes: number): void {
  w.fill(0, 0, 16);
  w.set(words);
  w[bytesInBlock >> 2] = (w[bytesInBlock >> 2]! | (0x80 << (24 - 8 * (bytesInBlock & 3)))) >>> 0;
  w[15] = totalBytes * 8;
}

/** sha256 of a 32-byte value given as 8 big-endian words, into `out`. */
export function sha256Words(seed: Uint32Array, out: Uint32Array): void {
  out.set(IV);
  lastBlock(seed, 32, 32);
  compress(out);
}

/** A message of at most 55 bytes as big-endian words, with its length. */
export function messageWords(bytes: Uint8Array): { words: Uint32Array; length: number } {
  if (bytes.length > 55) throw new RangeError('one block only');
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  const words = new Uint32Array(padded.length / 4);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(4 * i);
  return { words, length: bytes.length };
}

const inner = new Uint32Array(8);
const pad = new Uint32Array(16);

/** HMAC-SHA256 with a 32-byte key (8 words) over a one-block message, into `out`. */
export function hmacWords(key: Uint32Array, message: { words: Uint32Array; length: number }, out: Uint32Array): void {
  inner.set(IV);
  for (let i = 0; i < 16; i++) pad[i] = (i < 8 ? key[i]! : 0) ^ 0x36363636;
  w.set(pad);
  compress(inner);
  lastBlock(message.words, message.length, 64 + message.length);
  compress(inner);
  out.set(IV);
  for (let i = 0; i < 16; i++) pad[i] = (i < 8 ? key[i]! : 0) ^ 0x5c5c5c5c;
  w.set(pad);
  compress(out);
  lastBlock(inner, 32, 96);
  compress(out);
}
