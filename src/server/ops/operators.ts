/** Operator accounts: created by `npm run ops:add` with a generated password and TOTP secret (docs/ops.md). */

import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/client';
import { operators } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { randomAlphanumeric } from '../auth/random';
import type { OpsRole } from '../../shared/ops';
import { newTotpSecret } from './totp';

/** 24 alphanumerics: about 143 bits, never typed often (the TOTP code is the daily factor). */
const PASSWORD_LENGTH = 24;

/** Operators' emails are compared in lower case. */
export const normalizeOperatorEmail = (email: string) => email.trim().toLowerCase();

/** Creates an operator and returns the password and TOTP secret, shown this once and never stored in clear. */
export async function addOperator(
  db: Db,
  email: string,
  role: OpsRole,
): Promise<{ password: string; totpSecret: string }> {
  const password = randomAlphanumeric(PASSWORD_LENGTH);
  const totpSecret = newTotpSecret();
  try {
    await db.insert(operators).values({
      ...{ email: normalizeOperatorEmail(email), passwordHash: await hashPassword(password), totpSecret, role },
      createdAt: Date.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Error(`an operator with email ${email} exists already`, { cause: error });
    throw error;
  }
  return { password, totpSecret };
}
