/** Player accounts: created at the first sign-in, read by the profile and by tokens. */

import { eq } from 'drizzle-orm';
import type { Profile } from '../../shared/protocol';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import { randomAlphanumeric } from '../auth/random';
import { Refusal } from '../Refusal';

/** The signed-in player as requests carry it. */
export interface AccountRef {
  id: number;
  wallet: string | null;
  nickname: string;
}

/** Recorded once, when a player's account is created. */
export interface FirstSignIn {
  referralId?: string | undefined;
  telegramId?: string | undefined;
}

const refColumns = { id: accounts.id, wallet: accounts.wallet, nickname: accounts.nickname };

async function newAccountValues(db: Db, nickname: string, first: FirstSignIn) {
  let referredBy: number | null = null;
  if (first.referralId) {
    const [referrer] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.referralCode, first.referralId));
    referredBy = referrer?.id ?? null;
  }
  return {
    nickname,
    referralCode: randomAlphanumeric(10),
    referredBy,
    telegramId: first.telegramId ?? null,
    createdAt: Date.now(),
  };
}

/** The account of a wallet, created on its first sign-in. */
export async function walletAccount(db: Db, wallet: string, first: FirstSignIn): Promise<AccountRef> {
  const [existing] = await db.select(refColumns).from(accounts).where(eq(accounts.wallet, wallet));
  if (existing) return existing;
  const nickname = `${wallet.slice(0, 4)}…${wallet.slice(-4)}`;
  await db
    .insert(accounts)
    .values({ wallet, ...(await newAccountValues(db, nickname, first)) })
    .onConflictDoNothing({ target: accounts.wallet });
  const [created] = await db.select(refColumns).from(accounts).where(eq(accounts.wallet, wallet));
  return created!;
}

/** A new email account, or null when the email is taken. */
export async function createEmailAccount(
  db: Db,
  email: string,
  passwordHash: string,
  first: FirstSignIn,
): Promise<AccountRef | null> {
  const values = await newAccountValues(db, `player_${randomAlphanumeric(6)}`, first);
  const [created] = await db
    .insert(accounts)
    .values({ email, passwordHash, ...values })
    .onConflictDoNothing({ target: accounts.email })
    .returning(refColumns);
  return created ?? null;
}

/** The stored password hash of an email account (null hash when there is no such account). */
export async function emailAccount(
  db: Db,
  email: string,
): Promise<{ ref: AccountRef | null; passwordHash: string | null }> {
  const [row] = await db
    .select({ ...refColumns, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.email, email));
  if (!row) return { ref: null, passwordHash: null };
  const { passwordHash, ...ref } = row;
  return { ref, passwordHash };
}

/** The account behind a token, or null when it no longer exists. */
export async function accountRef(db: Db, id: number): Promise<AccountRef | null> {
  const [row] = await db.select(refColumns).from(accounts).where(eq(accounts.id, id));
  return row ?? null;
}

/** GET /user/profile: `email` is the referral code, never a real address (docs/wire.md "Auth"). */
export async function profile(db: Db, id: number): Promise<Profile> {
  const [row] = await db
    .select({
      balance: accounts.balance,
      code: accounts.referralCode,
      nickname: accounts.nickname,
      wallet: accounts.wallet,
    })
    .from(accounts)
    .where(eq(accounts.id, id));
  if (!row) throw new Refusal('unauthorized', 'Please sign in again');
  return { balanceAmount: Number(row.balance), email: row.code, nickname: row.nickname, wallet: row.wallet };
}
