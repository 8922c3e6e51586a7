/**
 * Operators' sign-in and sessions (docs/ops.md "Sign-in"): password and TOTP code, one answer for
 * any wrong part; a session is a random Bearer token (its SHA-256 stored), short-lived and apart
 * from players' tokens. Each sign-in and logout is an audit row; a failed sign-in is a row of the
 * security log (securityLog.ts), never of the audit.
 */

import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { operators, opsAudit, opsSessions } from '../db/schema';
import type { EventBus } from '../bus/EventBus';
import { verifyPassword } from '../auth/passwords';
import { randomToken } from '../auth/random';
import { passwordTry } from '../auth/passwordSignIn';
import { Refusal } from '../Refusal';
import type { OpsRole, OpsSession } from '../../shared/ops';
import { audited } from './audit';
import { recordFailedSignIn } from './securityLog';
import { normalizeOperatorEmail } from './operators';
import { totpStep } from './totp';

/** Every ops token starts so: a player's token is never looked up here, nor an ops token among players'. */
const OPS_TOKEN_PREFIX = 'ops_';

/** The operator a valid session token belongs to. */
export interface Operator {
  id: number;
  email: string;
  role: OpsRole;
  /** The session's end (ms). */
  expiresAt: number;
  sessionId: number;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** True when the operator has signed in from this address before (its audit rows say so). */
async function signedInFrom(db: Db, email: string, address: string): Promise<boolean> {
  const rows = await db
    .select({ id: opsAudit.id })
    .from(opsAudit)
    .where(and(eq(opsAudit.actor, email), eq(opsAudit.action, 'sign_in'), eq(opsAudit.address, address)))
    .limit(1);
  return rows.length > 0;
}

interface SignInForm {
  email: string;
  password: string;
  totp: string;
}

/** A session for a correct email, password and unused TOTP code; "Invalid credentials" otherwise. */
export async function signIn(
  db: Db,
  bus: EventBus,
  form: SignInForm,
  address: string,
  sessionMs: number,
): Promise<OpsSession> {
  const email = normalizeOperatorEmail(form.email);
  const now = Date.now();
  // Wrong tries slow the address they come from and are counted with the players' under keys of their own.
  let seen: { operator?: { id: number; disabled: boolean }; passwordOk: boolean } = { passwordOk: false };
  const checked = await passwordTry(db, {
    ...{ scope: 'ops:', login: email, address, now },
    knownHere: () => signedInFrom(db, email, address),
    check: async () => {
      const [operator] = await db.select().from(operators).where(eq(operators.email, email));
      const passwordOk = await verifyPassword(form.password, operator?.passwordHash ?? null);
      seen = { operator, passwordOk };
      const step = operator && passwordOk && !operator.disabled ? totpStep(operator.totpSecret, form.totp, now) : null;
      // A code is taken once: a second sign-in with it (someone watching) fails like a wrong one.
      const fresh = step !== null && (operator!.lastTotpStep === null || step > operator!.lastTotpStep);
      return fresh ? { operator: operator!, step } : null;
    },
  });
  if (!checked) {
    await recordFailedSignIn(db, { operator: seen.operator, passwordOk: seen.passwordOk, email, address });
    throw new Refusal('unauthorized', 'Invalid credentials');
  }
  const { operator, step } = checked;
  const token = OPS_TOKEN_PREFIX + randomToken();
  const expiresAt = now + sessionMs;
  await audited(db, bus, async (tx, audit) => {
    const used = await tx
      .update(operators)
      .set({ lastTotpStep: step })
      .where(
        and(
          eq(operators.id, operator.id),
          operator.lastTotpStep === null
            ? isNull(operators.lastTotpStep)
            : eq(operators.lastTotpStep, operator.lastTotpStep),
        ),
      )
      .returning({ id: operators.id });
    if (used.length === 0) throw new Refusal('unauthorized', 'Invalid credentials');
    const [session] = await tx
      .insert(opsSessions)
      .values({ operatorId: operator.id, tokenHash: hashOf(token), createdAt: now, expiresAt })
      .returning({ id: opsSessions.id });
    await audit({ actor: email, action: 'sign_in', target: `session:${session!.id}`, address });
  });
  return { token, role: operator.role as OpsRole, email, expiresAt: new Date(expiresAt).toISOString() };
}

/** The operator of a live session token (not expired, not revoked, operator not disabled), or null. */
export async function verifyOpsToken(db: Db, token: string, now = Date.now()): Promise<Operator | null> {
  if (!token.startsWith(OPS_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({
      id: operators.id,
      email: operators.email,
      role: operators.role,
      expiresAt: opsSessions.expiresAt,
      sessionId: opsSessions.id,
    })
    .from(opsSessions)
    .innerJoin(operators, eq(operators.id, opsSessions.operatorId))
    .where(
      and(
        eq(opsSessions.tokenHash, hashOf(token)),
        gt(opsSessions.expiresAt, now),
        isNull(opsSessions.revokedAt),
        eq(operators.disabled, false),
      ),
    );
  return row ? { ...row, role: row.role as OpsRole } : null;
}

/** Ends the session, with its audit row. */
export async function signOut(db: Db, bus: EventBus, operator: Operator, address: string): Promise<void> {
  await audited(db, bus, async (tx, audit) => {
    await tx.update(opsSessions).set({ revokedAt: Date.now() }).where(eq(opsSessions.id, operator.sessionId));
    await audit({ actor: operator.email, action: 'logout', target: `session:${operator.sessionId}`, address });
  });
}

/** Deletes sessions that ended (the server runs it hourly with the players' token purge). */
export async function purgeOpsSessions(db: Db, now = Date.now()): Promise<void> {
  await db.delete(opsSessions).where(lt(opsSessions.expiresAt, now));
}
