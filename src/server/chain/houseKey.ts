/** The house wallet's keypair: generated into DATA_DIR on first start and reused after. */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { IN_MEMORY } from '../db/client';

/** The key file, in the JSON byte-array format of solana-keygen, so operators can use their tools on it. */
export function houseKeyPath(dataDir: string): string {
  return join(dataDir, 'house-key.json');
}

/** Loads DATA_DIR/house-key.json, creating it (mode 600) when absent; in-memory data gets a fresh key. */
export function loadHouseKey(dataDir: string): Keypair {
  if (dataDir === IN_MEMORY) return Keypair.generate();
  const path = houseKeyPath(dataDir);
  if (existsSync(path)) {
    const bytes: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!Array.isArray(bytes) || bytes.length !== 64) throw new Error(`${path} is not a 64-byte keypair`);
    return Keypair.fromSecretKey(Uint8Array.from(bytes as number[]));
  }
  const key = Keypair.generate();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(Array.from(key.secretKey)), { mode: 0o600, flag: 'wx' });
  return key;
}
