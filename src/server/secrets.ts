/** Keys the server makes itself when the operator gives none: generated once into DATA_DIR/secrets.json. */

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IN_MEMORY } from './db/client';

/** 32 key bytes stored under `name` in DATA_DIR/secrets.json (mode 600), made on first use; fresh ones for an in-memory data dir (tests). */
export function storedSecret(dataDir: string, name: string): Uint8Array {
  if (dataDir === IN_MEMORY) return randomBytes(32);
  const file = join(dataDir, 'secrets.json');
  const secrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  if (typeof secrets[name] !== 'string') {
    secrets[name] = randomBytes(32).toString('base64');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return Buffer.from(secrets[name] as string, 'base64');
}

/** Encrypts the seed chains' secret links at rest: SEED_SECRET hashed to 32 bytes, else the stored `seedKey`. */
export function loadSeedKey(options: { seedSecret: string | undefined; dataDir: string }): Uint8Array {
  if (options.seedSecret) return createHash('sha256').update(options.seedSecret).digest();
  return storedSecret(options.dataDir, 'seedKey');
}

/**
 * The 32 bytes the receipt signing key is made from: RECEIPT_SECRET hashed, else JWT_SECRET hashed
 * under a name of its own (so every gateway of a cluster signs with one key), else the stored `receiptKey`.
 */
export function loadReceiptSeed(options: {
  receiptSecret: string | undefined;
  jwtSecret: string | undefined;
  dataDir: string;
}): Uint8Array {
  if (options.receiptSecret) return createHash('sha256').update(options.receiptSecret).digest();
  if (options.jwtSecret) return createHash('sha256').update(`moonrush receipt key\0${options.jwtSecret}`).digest();
  return storedSecret(options.dataDir, 'receiptKey');
}
