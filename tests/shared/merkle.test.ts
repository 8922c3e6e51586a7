import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { auditPath, leafHash, merkleRoot, rootFromPath } from '../../src/shared/merkle';

// RFC 6962 section 2.1 written out again with node:crypto, to check the shared implementation against.
const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
function mth(leaves: string[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return sha256(Buffer.from([0]), Buffer.from(leaves[0]!));
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return sha256(Buffer.from([1]), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

describe('RFC 6962 Merkle tree', () => {
  it('gives the empty tree SHA-256 of nothing and every size the root of the definition', () => {
    expect(merkleRoot([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (let size = 1; size <= 33; size++) {
      const leaves = Array.from({ length: size }, (_, i) => `leaf ${i}`);
      expect(merkleRoot(leaves.map(leafHash))).toBe(mth(leaves).toString('hex'));
    }
  });

  it('proves every leaf of every size up to 33 with its audit path, and nothing else', () => {
    for (let size = 1; size <= 33; size++) {
      const leaves = Array.from({ length: size }, (_, i) => `leaf ${i}`);
      const hashes = leaves.map(leafHash);
      const root = merkleRoot(hashes);
      for (let index = 0; index < size; index++) {
        const path = auditPath(hashes, index);
        expect(rootFromPath(leaves[index]!, index, size, path)).toBe(root);
        expect(rootFromPath(`${leaves[index]!}!`, index, size, path)).not.toBe(root);
        if (size > 1) expect(rootFromPath(leaves[index]!, (index + 1) % size, size, path)).not.toBe(root);
        expect(rootFromPath(leaves[index]!, index, size, [...path, root])).toBeNull();
      }
    }
  });
});
