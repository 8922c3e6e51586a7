/**
 * Email and password accounts: register and sign in with one clear answer for any wrong pair.
 * Guessing is slowed per email wherever it comes from: after FREE_TRIES wrong passwords in a row
 * the next try waits 30 s, then twice as long after each further miss (1, 2, 4, 8, at most 15
 * minutes). A try is counted before its password is checked, so parallel guesses cannot slip past.
 */

import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordFailures } from '../db/schema';
import { createEmailAccount, emailAccount, type AccountRef, type FirstSignIn } from '../ledger/accounts';
import { Refusal } from '../Refusal';
import { hashPassword, verifyPassword } from './passwords';

/** Wrong passwords in a row that cost no wait. */
const FREE_TRIES = 5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** A count of wrong passwords is forgotten a day after the last one. */
const FAILURES_KEPT_MS = 24 * 3600_000;

/** Emails are compared in lower case. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates an email account; an email already taken is a sign-in with that password, so registering
 * never tells whether an email has an account beyond what signing in does (docs/wire.md "Auth").
 */
export async function register(db: Db, email: string, password: string, first: FirstSignIn): Promise<AccountRef> {
  const login = normalizeEmail(email);
  // One password hash either way: a new account's, or the sign-in's check (no timing hint).
  const created = (await emailAccount(db, login)).ref
    ? null
    : await createEmailAccount(db, login, await hashPassword(password), first);
  return created ?? passwordSignIn(db, login, password);
}

/** The account for a correct email and password; the same refusal for an unknown email or a wrong password. */
export async function passwordSignIn(db: Db, email: string, password: string, now = Date.now()): Promise<AccountRef> {
  const login = normalizeEmail(email);
  await takeTry(db, login, now);
  const { ref, passwordHash } = await emailAccount(db, login);
  const valid = await verifyPassword(password, passwordHash);
  if (!ref || !valid) throw new Refusal('unauthorized', 'Invalid email or password');
  await clearTries(db, login);
  return ref;
}

/** Forgets the wrong tries of `login` after a right one. */
export async function clearTries(db: Db, login: string): Promise<void> {
  await db.delete(passwordFailures).where(eq(passwordFailures.login, login));
}

/**
 * Counts a try as a failure until it succeeds, and sets the wait before the next; refuses a try
 * made during a wait. The operators' sign-in counts its tries here too (src/server/ops/sessions.ts).
 */
export async function takeTry(db: Db, login: string, now: number): Promise<void> {
  const failures = sql`${passwordFailures.failures} + 1`;
  const wait = sql`CASE WHEN ${failures} < ${FREE_TRIES} THEN 0
    ELSE least(${LONGEST_WAIT_MS}, ${FIRST_WAIT_MS} * power(2, least(30, ${failures} - ${FREE_TRIES})))::bigint END`;
  const taken = await db
    .insert(passwordFailures)
    .values({ login, failures: 1, lockedUntil: 0, lastFailedAt: now })
    .onConflictDoUpdate({
      target: passwordFailures.login,
      set: { failures, lockedUntil: sql`${now}::bigint + ${wait}`, lastFailedAt: now },
      setWhere: sql`${passwordFailures.lockedUntil} <= ${now}`,
    })
    .returning({ failures: passwordFailures.failures });
  if (taken.length === 1) return;
  const [row] = await db
    .select({ lockedUntil: passwordFailures.lockedUntil })
    .from(passwordFailures)
    .where(eq(passwordFailures.login, login));
  const seconds = Math.max(1, Math.ceil(((row?.lockedUntil ?? now) - now) / 1000));
  throw new Refusal('too_many', `Too many wrong passwords: try again in ${seconds} s`);
}

/** Forgets counts of wrong passwords older than a day (the server runs it hourly with the token purge). */
export async function purgePasswordFailures(db: Db, now = Date.now()): Promise<void> {
  await db.delete(passwordFailures).where(lt(passwordFailures.lastFailedAt, now - FAILURES_KEPT_MS));
}
