/**
 * Operator accounts, kept from the command line (docs/ops.md "Roles and operators"): `npm run
 * ops:add` creates one with a generated password and TOTP secret, `npm run ops:disable` /
 * `ops:enable` turn one off and on. Each is an audit row in the change's own transaction.
 */

import { hostname, userInfo } from 'node:os';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/client';
import { operators, opsSessions } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { randomAlphanumeric } from '../auth/random';
import type { OpsRole } from '../../shared/ops';
import { audited } from './audit';
import { newTotpSecret } from './totp';

/** 24 alphanumerics: about 143 bits, never typed often (the TOTP code is the daily factor). */
const PASSWORD_LENGTH = 24;

/** Operators' emails are compared in lower case. */
export const normalizeOperatorEmail = (email: string) => email.trim().toLowerCase();

/** Who acts from the command line, as the audit log names them: `cli:<OS user>@<host>`. */
function commandLineActor(): string {
  return `cli:${userInfo().username}@${hostname()}`;
}

/** Creates an operator and returns the password and TOTP secret, shown this once and never stored in clear. */
export async function addOperator(
  db: Db,
  email: string,
  role: OpsRole,
): Promise<{ password: string; totpSecret: string }> {
  const password = randomAlphanumeric(PASSWORD_LENGTH);
  const totpSecret = newTotpSecret();
  const normalized = normalizeOperatorEmail(email);
  const passwordHash = await hashPassword(password);
  try {
    await audited(db, null, async (tx, audit) => {
      const [row] = await tx
        .insert(operators)
        .values({ email: normalized, passwordHash, totpSecret, role, createdAt: Date.now() })
        .returning({ id: operators.id });
      await audit({
        ...{ actor: commandLineActor(), action: 'operator_add', target: `operator:${row!.id}` },
        ...{ after: { email: normalized, role }, address: null },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Error(`an operator with email ${email} exists already`, { cause: error });
    throw error;
  }
  return { password, totpSecret };
}

/**
 * Disables an operator (no sign-in, every live session revoked: its routes refuse it at once and
 * its sockets close within 5 s, as after a logout) or enables it again, with its audit row, in one
 * transaction. Returns how many sessions it revoked.
 */
export async function setOperatorDisabled(
  db: Db,
  email: string,
  disabled: boolean,
  reason: string | null,
): Promise<number> {
  const normalized = normalizeOperatorEmail(email);
  return audited(db, null, async (tx, audit) => {
    const [operator] = await tx.select().from(operators).where(eq(operators.email, normalized)).for('update');
    if (!operator) throw new Error(`no operator has the email ${email}`);
    if (operator.disabled === disabled)
      throw new Error(`${normalized} is ${disabled ? 'disabled' : 'enabled'} already`);
    await tx.update(operators).set({ disabled }).where(eq(operators.id, operator.id));
    const now = Date.now();
    const revoked = disabled
      ? await tx
          .update(opsSessions)
          .set({ revokedAt: now })
          .where(
            and(eq(opsSessions.operatorId, operator.id), isNull(opsSessions.revokedAt), gt(opsSessions.expiresAt, now)),
          )
          .returning({ id: opsSessions.id })
      : [];
    await audit({
      ...{ actor: commandLineActor(), action: disabled ? 'operator_disable' : 'operator_enable' },
      ...{ target: `operator:${operator.id}`, reason, before: { disabled: !disabled } },
      ...{ after: { disabled, sessionsRevoked: revoked.length }, address: null },
    });
    return revoked.length;
  });
}
