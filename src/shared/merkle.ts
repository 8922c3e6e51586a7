/**
 * The Merkle tree of RFC 6962 (Certificate Transparency), section 2.1: a round's settlement root and
 * the anchors' roots of round roots (docs/provably-fair.md "Settlement roots"). Leaf hash
 * SHA-256(0x00 ‖ leaf), node hash SHA-256(0x01 ‖ left ‖ right), the left subtree holding the largest
 * power of two below n leaves; the empty tree's root is SHA-256 of nothing. Synchronous (@noble/hashes),
 * so the server, the page and the verifier run this one implementation at the same speed.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);
const utf8 = new TextEncoder();

const join = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) out.set(part, (at += part.length) - part.length);
  return out;
};

/** SHA-256(0x00 ‖ the leaf's UTF-8 bytes). */
export function leafHash(leaf: string): Uint8Array {
  return sha256(join(LEAF, utf8.encode(leaf)));
}

const nodeHash = (left: Uint8Array, right: Uint8Array) => sha256(join(NODE, left, right));

/** The largest power of two below n (n > 1): how many leaves the left subtree holds. */
const split = (n: number) => 2 ** Math.floor(Math.log2(n - 1));

/** MTH(D[n]) over leaf hashes, in hex. */
export function merkleRoot(leaves: readonly Uint8Array[]): string {
  return bytesToHex(rootOf(leaves));
}

function rootOf(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  if (leaves.length === 1) return leaves[0]!;
  const k = split(leaves.length);
  return nodeHash(rootOf(leaves.slice(0, k)), rootOf(leaves.slice(k)));
}

/** PATH(m, D[n]): the audit path of leaf `index`, in hex, nearest sibling first. */
export function auditPath(leaves: readonly Uint8Array[], index: number): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) throw new RangeError(`no leaf ${index}`);
  const path: string[] = [];
  for (let tree = leaves; tree.length > 1;) {
    const k = split(tree.length);
    const [mine, other] = index < k ? [tree.slice(0, k), tree.slice(k)] : [tree.slice(k), tree.slice(0, k)];
    path.unshift(bytesToHex(rootOf(other)));
    if (index >= k) index -= k;
    tree = mine;
  }
  return path;
}

/**
 * The root that a leaf at `index` of a tree of `size` leaves and its audit path give (RFC 9162
 * section 2.1.3.2), or null when the path has the wrong length for that place.
 */
export function rootFromPath(leaf: string, index: number, size: number, path: readonly string[]): string | null {
  if (!Number.isInteger(index) || index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let hash = leafHash(leaf);
  for (const sibling of path) {
    if (sn === 0) return null;
    const bytes = hexToBytes(sibling);
    if (fn % 2 === 1 || fn === sn) {
      hash = nodeHash(bytes, hash);
      while (fn % 2 === 0 && fn !== 0) [fn, sn] = [fn / 2, Math.floor(sn / 2)];
    } else hash = nodeHash(hash, bytes);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? bytesToHex(hash) : null;
}
