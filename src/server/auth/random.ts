/** Random identifiers from the platform CSPRNG. */

import { randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` uniform alphanumerics (nonces, referral codes, nicknames). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** An unguessable token for a cookie: 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}
