/** Operators' second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 s), the form authenticator apps read, with otpauth. */

import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;

function totp(secret: string): TOTP {
  return new TOTP({
    issuer: 'moonrush ops',
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret in base32 (160 bits, RFC 4226's recommended size). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step `code` belongs to, or null when it is wrong. A code of the step before or after
 * is taken too: a phone's clock may be some seconds off.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}
