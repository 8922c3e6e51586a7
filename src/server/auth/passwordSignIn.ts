/**
 * Email and password accounts: register and sign in with one answer for any wrong pair, the same
 * whether the email exists or not. Wrong passwords slow the place they come from, never the owner
 * elsewhere (no lock-out by knowing an email), counted three ways (`passwordTry`):
 * - per address (an IPv6 /64): ADDRESS.free wrong passwords for any logins, since a carrier's NAT
 *   holds many players who mistype, then a wait of 30 s doubling to 15 minutes;
 * - per (login, address): LOGIN_AT_ADDRESS.free, then the same waits;
 * - per login from everywhere, for credential stuffing spread over many addresses: past
 *   LOGIN_CEILING wrong passwords within an hour, only an address the account signed in from
 *   before may try; the others are refused before any hash. The owner at home still signs in.
 * A try is counted before its password is checked, so parallel guesses cannot slip past; a right
 * one takes its counts back. Operators' sign-ins count here too, under keys of their own.
 */

import { and, eq, lt, sql } from 'drizzle-orm';
import { addressKey } from '../clientAddress';
import type { Db } from '../db/client';
import { passwordFailures, signIns } from '../db/schema';
import { createEmailAccount, emailAccount, type AccountRef, type FirstSignIn } from '../ledger/accounts';
import { Refusal } from '../Refusal';
import { hashPassword, verifyPassword } from './passwords';

/** How a count of wrong passwords slows its key: `free` tries, then waits; forgotten `forgetMs` after the last. */
interface Slowing {
  free: number;
  forgetMs: number;
}

const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
const ADDRESS: Slowing = { free: 30, forgetMs: 15 * 60_000 };
const LOGIN_AT_ADDRESS: Slowing = { free: 5, forgetMs: 24 * 3600_000 };
/** Wrong passwords for one login from everywhere within an hour before only known addresses may try. */
const LOGIN_CEILING = 50;
const EVERYWHERE: Slowing = { free: Number.MAX_SAFE_INTEGER, forgetMs: 3600_000 };
/** Counts are deleted a day after their last wrong password. */
const FAILURES_KEPT_MS = 24 * 3600_000;

/** Emails are compared in lower case. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates an email account; an email already taken is a sign-in with that password, so registering
 * never tells whether an email has an account beyond what signing in does (docs/wire.md "Auth").
 */
export async function register(
  db: Db,
  email: string,
  password: string,
  first: FirstSignIn,
  address: string,
): Promise<AccountRef> {
  const login = normalizeEmail(email);
  // One password hash either way: a new account's, or the sign-in's check (no timing hint).
  const created = (await emailAccount(db, login)).ref
    ? null
    : await createEmailAccount(db, login, await hashPassword(password), first);
  return created ?? passwordSignIn(db, login, password, address);
}

/** The account for a correct email and password tried from `address`; the same refusal for an unknown email or a wrong password. */
export async function passwordSignIn(
  db: Db,
  email: string,
  password: string,
  address: string,
  now = Date.now(),
): Promise<AccountRef> {
  const login = normalizeEmail(email);
  const ref = await passwordTry(db, {
    scope: '',
    login,
    address,
    knownHere: async () => {
      const { ref: account } = await emailAccount(db, login);
      return account !== null && (await signedInFrom(db, account.id, address));
    },
    check: async () => {
      const { ref: account, passwordHash } = await emailAccount(db, login);
      return (await verifyPassword(password, passwordHash)) ? account : null;
    },
    now,
  });
  if (!ref) throw new Refusal('unauthorized', 'Invalid email or password');
  return ref;
}

/** True when the account has signed in from this address before. */
async function signedInFrom(db: Db, accountId: number, address: string): Promise<boolean> {
  const rows = await db
    .select({ id: signIns.id })
    .from(signIns)
    .where(and(eq(signIns.accountId, accountId), eq(signIns.address, address)))
    .limit(1);
  return rows.length > 0;
}

/** One password sign-in as `passwordTry` counts it. */
interface PasswordTry<T> {
  /** Keys of this kind of login: '' for players, 'ops:' for operators. */
  scope: string;
  /** The normalized email. */
  login: string;
  /** The client's address (request.ip). */
  address: string;
  /** True when the login's owner has signed in from `address` before (asked only past the ceiling). */
  knownHere: () => Promise<boolean>;
  /** Checks the password (and whatever else the sign-in needs): what it signs in, or null. */
  check: () => Promise<T | null>;
  now: number;
}

/** Counts and runs one password check (see the top of this file); throws 'too_many' when this place must wait. */
export async function passwordTry<T>(db: Db, attempt: PasswordTry<T>): Promise<T | null> {
  const { scope, login, now } = attempt;
  const place = addressKey(attempt.address);
  const keys = { address: `${scope}ip:${place}`, pair: `${scope}${login}@${place}`, everywhere: `${scope}${login}` };
  await countTry(db, keys.address, now, ADDRESS, 'from your address');
  try {
    await countTry(db, keys.pair, now, LOGIN_AT_ADDRESS, 'for this email from your address');
  } catch (error) {
    await giveBack(db, keys.address);
    throw error;
  }
  const everywhere = await countTry(db, keys.everywhere, now, EVERYWHERE, '');
  if (everywhere > LOGIN_CEILING && !(await attempt.knownHere()))
    throw new Refusal(
      'too_many',
      'Too many wrong passwords for this email: sign in from a device you used before, or try again in an hour',
      undefined,
      3600,
    );
  const result = await attempt.check();
  if (result === null) return null;
  await db.delete(passwordFailures).where(eq(passwordFailures.login, keys.pair));
  await giveBack(db, keys.address);
  await giveBack(db, keys.everywhere);
  return result;
}

/**
 * Counts a try of `key` as a failure until it succeeds and sets the wait before the next; returns
 * the count, or refuses a try made during a wait (`where`: whose tries, for the message).
 */
async function countTry(db: Db, key: string, now: number, slowing: Slowing, where: string): Promise<number> {
  const failures = sql`CASE WHEN ${passwordFailures.lastFailedAt} < ${now - slowing.forgetMs}::bigint THEN 1
    ELSE ${passwordFailures.failures} + 1 END`;
  const free = Math.min(slowing.free, 1_000_000_000);
  // No wait leaves no lock: a lock at `now` would refuse a parallel try that read the clock a moment earlier.
  const lockedUntil = sql`CASE WHEN ${failures} < ${free}::int THEN 0
    ELSE ${now}::bigint + least(${LONGEST_WAIT_MS}, ${FIRST_WAIT_MS} * power(2, least(30, ${failures} - ${free}::int)))::bigint END`;
  const taken = await db
    .insert(passwordFailures)
    .values({ login: key, failures: 1, lockedUntil: 0, lastFailedAt: now })
    .onConflictDoUpdate({
      target: passwordFailures.login,
      set: { failures, lockedUntil, lastFailedAt: now },
      setWhere: sql`${passwordFailures.lockedUntil} <= ${now}`,
    })
    .returning({ failures: passwordFailures.failures });
  if (taken.length === 1) return taken[0]!.failures;
  const [row] = await db
    .select({ lockedUntil: passwordFailures.lockedUntil })
    .from(passwordFailures)
    .where(eq(passwordFailures.login, key));
  const seconds = Math.max(1, Math.ceil(((row?.lockedUntil ?? now) - now) / 1000));
  throw new Refusal('too_many', `Too many wrong passwords ${where}: try again in ${seconds} s`, undefined, seconds);
}

/** Takes back the count of a try that turned out right. */
async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(passwordFailures)
    .set({ failures: sql`greatest(0, ${passwordFailures.failures} - 1)` })
    .where(eq(passwordFailures.login, key));
}

/** Forgets counts of wrong passwords older than a day (the server runs it hourly with the token purge). */
export async function purgePasswordFailures(db: Db, now = Date.now()): Promise<void> {
  await db.delete(passwordFailures).where(lt(passwordFailures.lastFailedAt, now - FAILURES_KEPT_MS));
}
