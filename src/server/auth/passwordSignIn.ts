/** Email and password accounts: register and sign in with one clear answer for any wrong pair. */

import type { Db } from '../db/client';
import { createEmailAccount, emailAccount, type AccountRef, type FirstSignIn } from '../ledger/accounts';
import { Refusal } from '../Refusal';
import { hashPassword, verifyPassword } from './passwords';

/** Emails are compared in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates an email account ('Email already registered' when taken). */
export async function register(db: Db, email: string, password: string, first: FirstSignIn): Promise<AccountRef> {
  return createEmailAccount(db, normalizeEmail(email), await hashPassword(password), first);
}

/** The account for a correct email and password; the same refusal for an unknown email or a wrong password. */
export async function passwordSignIn(db: Db, email: string, password: string): Promise<AccountRef> {
  const { ref, passwordHash } = await emailAccount(db, normalizeEmail(email));
  const valid = await verifyPassword(password, passwordHash);
  if (!ref || !valid) throw new Refusal('unauthorized', 'Invalid email or password');
  return ref;
}
