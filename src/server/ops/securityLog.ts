/**
 * The security log (docs/ops.md "Security log"): failed operator sign-ins, apart from the audit
 * log of operators' acts. A row names a known operator by id, else keeps only the SHA-256 of the
 * email typed: nothing a stranger types is stored, shown to a console or pushed to one.
 */

import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { securityLog } from '../db/schema';

/**
 * Records a failed sign-in: `email` is the one typed (normalized), `operator` the operator it
 * names if any, `passwordOk` whether the password was right (then the code was wrong or reused).
 */
export async function recordFailedSignIn(
  db: Db,
  failure: {
    operator: { id: number; disabled: boolean } | undefined;
    passwordOk: boolean;
    email: string;
    address: string;
  },
): Promise<void> {
  const { operator, passwordOk, email, address } = failure;
  const detail = !operator
    ? 'unknown_email'
    : !passwordOk
      ? 'wrong_password'
      : operator.disabled
        ? 'disabled'
        : 'wrong_code';
  await db.insert(securityLog).values({
    event: 'ops_sign_in_failed',
    operatorId: operator?.id ?? null,
    emailHash: operator ? null : createHash('sha256').update(email).digest('hex'),
    ...{ detail, address, at: Date.now() },
  });
}
