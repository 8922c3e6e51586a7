/** The key that signs access tokens: JWT_SECRET, else generated once into DATA_DIR/secrets.json. */

import { storedSecret } from '../secrets';

/** JWT_SECRET wins; an in-memory data dir (tests) gets a fresh key; otherwise the stored one, made on first use. */
export function loadJwtSecret(options: { jwtSecret: string | undefined; dataDir: string }): Uint8Array {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  return storedSecret(options.dataDir, 'jwtSecret');
}
