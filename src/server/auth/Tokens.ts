/**
 * Access tokens (HS256 JWT, 15 minutes) and refresh tokens (random, stored hashed, rotated on
 * every use; a reused one revokes its whole family because it must have been stolen).
 */

import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { refreshTokens } from '../db/schema';
import { accountRef, type AccountRef } from '../ledger/accounts';
import { Refusal } from '../Refusal';
import { randomToken } from './random';

/** Access tokens are short-lived: a stolen one is useless after 15 minutes. */
export const ACCESS_TTL_SECONDS = 15 * 60;
/** A player stays signed in this long without signing again. */
export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
/** How long a used refresh token may still be presented by a parallel request. */
export const REUSE_GRACE_MS = 10_000;
const ISSUER = 'moonrush';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Access tokens verified lately: a player sends the same one for 15 minutes, and WebCrypto's HMAC costs more than the rest of a bet. */
const VERIFIED_KEPT = 20_000;

/** Issues and checks the tokens of signed-in players. */
export class Tokens {
  /** Verified access tokens (the exact string) and when they expire, oldest first. */
  private readonly verified = new Map<string, { account: AccountRef; expiresAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  /** A signed access token for `account`. */
  accessToken(account: AccountRef): Promise<string> {
    return new SignJWT({ wallet: account.wallet, nick: account.nickname })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account.id))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
      .sign(this.secret);
  }

  /** The account an access token names, or null when it is forged, expired or malformed. */
  async verifyAccess(token: string): Promise<AccountRef | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known.account;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || typeof payload.nick !== 'string' || typeof payload.exp !== 'number') return null;
      const account = { id, wallet: typeof payload.wallet === 'string' ? payload.wallet : null, nickname: payload.nick };
      if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { account, expiresAt: payload.exp * 1000 });
      return account;
    } catch {
      return null;
    }
  }

  /** A new refresh token for a fresh sign-in (a new family). */
  issueRefresh(accountId: number, family = randomToken()): Promise<string> {
    const token = randomToken();
    return this.db
      .insert(refreshTokens)
      .values({ accountId, family, tokenHash: hashOf(token), expiresAt: Date.now() + REFRESH_TTL_MS })
      .then(() => token);
  }

  /**
   * Uses a refresh token and returns its account and the next token of the family. A token used
   * again within REUSE_GRACE_MS (parallel refreshes of one page or two tabs) still works; later,
   * the reuse means it was stolen and the whole family is revoked.
   */
  async rotate(token: string, now = Date.now()): Promise<{ account: AccountRef; refresh: string }> {
    const refused = new Refusal('unauthorized', 'Please sign in again');
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(token)));
    if (!row || row.expiresAt <= now) throw refused;
    if (row.usedAt !== null && now - row.usedAt >= REUSE_GRACE_MS) {
      await this.db.delete(refreshTokens).where(eq(refreshTokens.family, row.family));
      throw refused;
    }
    await this.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)));
    const account = await accountRef(this.db, row.accountId);
    if (!account) throw refused;
    return { account, refresh: await this.issueRefresh(account.id, row.family) };
  }

  /** Deletes refresh tokens past their expiry (the server runs it hourly), so the table does not grow without end. */
  async purgeExpired(now = Date.now()): Promise<void> {
    await this.db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
  }

  /** Signs a device out: every token of the presented token's family stops working. */
  async revoke(token: string): Promise<void> {
    const [row] = await this.db
      .select({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(token)));
    if (row) await this.db.delete(refreshTokens).where(eq(refreshTokens.family, row.family));
  }
}
