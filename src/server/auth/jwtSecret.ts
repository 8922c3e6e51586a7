/** The key that signs access tokens: JWT_SECRET, else generated once into DATA_DIR/secrets.json. */

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IN_MEMORY } from '../db/client';

/** JWT_SECRET wins; an in-memory data dir (tests) gets a fresh key; otherwise the stored one, made on first use. */
export function loadJwtSecret(options: { jwtSecret: string | undefined; dataDir: string }): Uint8Array {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  if (options.dataDir === IN_MEMORY) return randomBytes(32);
  const file = join(options.dataDir, 'secrets.json');
  const secrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  if (typeof secrets.jwtSecret !== 'string') {
    secrets.jwtSecret = randomBytes(32).toString('base64');
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return Buffer.from(secrets.jwtSecret as string, 'base64');
}
