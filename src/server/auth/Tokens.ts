/**
 * Access tokens (HS256 JWT, 15 minutes) and refresh tokens (random, stored hashed, rotated on
 * every use; a reused one revokes its whole family because it must have been stolen). An access
 * token names its refresh family (`sid`) and dies with it: logout signs a device out at once on
 * every process of a cluster, since the family lives in the database.
 */

import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db, Tx } from '../db/client';
import { refreshTokens } from '../db/schema';
import { accountRef, type AccountRef } from '../ledger/accounts';
import { Refusal } from '../Refusal';
import { randomToken } from './random';
import { Batches } from '../db/Batches';

/** Access tokens are short-lived: a stolen one is useless after 15 minutes. */
const ACCESS_TTL_SECONDS = 15 * 60;
/** A player stays signed in this long without signing again. */
export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
/** How long a used refresh token may still be presented by a parallel request of the same client. */
const REUSE_GRACE_MS = 10_000;
/** How long a process trusts that a family it found alive still is: logout reaches other processes within this. */
export const SESSION_CHECK_MS = 1000;
const ISSUER = 'moonrush';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Access tokens verified lately: a player sends the same one for 15 minutes, and WebCrypto's HMAC costs more than the rest of a bet. */
const VERIFIED_KEPT = 20_000;
/** Families checked in one statement at most. */
const SESSION_BATCH = 500;

/** Drops the oldest entry of a map kept in insertion order once it holds `max`. */
function keepAtMost<K, V>(map: Map<K, V>, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value!);
}

/** Issues and checks the tokens of signed-in players. */
export class Tokens {
  /** Verified access tokens (the exact string), their family and when they expire, oldest first. */
  private readonly verified = new Map<string, { account: AccountRef; family: string; expiresAt: number }>();
  /** Families found alive (until when that is trusted) or revoked (0: for good), oldest first. */
  private readonly families = new Map<string, number>();

  /**
   * Which of the families asked together have an unexpired refresh token: one statement for every
   * family checked while the previous one was in the database (db/Batches.ts), built once.
   */
  private readonly liveFamilies;

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {
    const live = db
      .selectDistinct({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(
        and(
          sql`${refreshTokens.family} IN (SELECT jsonb_array_elements_text(${sql.placeholder('families')}::jsonb))`,
          gt(refreshTokens.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare('session_live');
    this.liveFamilies = new Batches<string, boolean>(async (families) => {
      const rows = await live.execute({ families: JSON.stringify(families), now: Date.now() });
      const alive = new Set(rows.map((row) => row.family));
      return families.map((family) => ({ status: 'fulfilled', value: alive.has(family) }));
    }, SESSION_BATCH);
  }

  /** A fresh sign-in of `account`: the first refresh token of a new family and an access token of it. */
  async startSession(account: AccountRef): Promise<{ refresh: string; access: string }> {
    const family = randomToken();
    return {
      refresh: await this.issueRefresh(this.db, account.id, family),
      access: await this.accessToken(account, family),
    };
  }

  /** A signed access token for `account`, alive as long as the refresh family `family`. */
  accessToken(account: AccountRef, family: string): Promise<string> {
    return new SignJWT({ wallet: account.wallet, nick: account.nickname, sid: family })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account.id))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
      .sign(this.secret);
  }

  /** The account an access token names, or null when it is forged, expired, malformed or signed out. */
  async verifyAccess(token: string): Promise<AccountRef | null> {
    const claims = await this.claims(token);
    return claims && (await this.isLive(claims.family)) ? claims.account : null;
  }

  /**
   * The account a well-signed, unexpired access token names, without asking whether its session
   * was ended since: no database (the capacity guard's question, asked ahead of every route).
   */
  async signedAccount(token: string): Promise<AccountRef | null> {
    return (await this.claims(token))?.account ?? null;
  }

  /** What a well-signed, unexpired access token says. */
  private async claims(token: string): Promise<{ account: AccountRef; family: string } | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, algorithms: ['HS256'] });
      const id = Number(payload.sub);
      const { nick, exp, sid } = payload;
      if (!Number.isSafeInteger(id) || typeof nick !== 'string' || typeof exp !== 'number' || typeof sid !== 'string')
        return null;
      const entry = {
        account: { id, wallet: typeof payload.wallet === 'string' ? payload.wallet : null, nickname: nick },
        family: sid,
        expiresAt: exp * 1000,
      };
      keepAtMost(this.verified, VERIFIED_KEPT);
      this.verified.set(token, entry);
      return entry;
    } catch {
      return null;
    }
  }

  /** True while the family has an unexpired refresh token: one query per family per SESSION_CHECK_MS. */
  private async isLive(family: string, now = Date.now()): Promise<boolean> {
    const trustedUntil = this.families.get(family);
    if (trustedUntil !== undefined && (trustedUntil === 0 || now < trustedUntil)) return trustedUntil !== 0;
    const live = await this.liveFamilies.run(family);
    // A logout in this process while the query ran has the last word.
    if (this.families.get(family) === 0) return false;
    this.families.delete(family);
    keepAtMost(this.families, VERIFIED_KEPT);
    this.families.set(family, live ? now + SESSION_CHECK_MS : 0);
    return live;
  }

  /** The family of a refresh token that has not expired, or null (for per-session rate limits). */
  async familyOf(token: string, now = Date.now()): Promise<string | null> {
    const [row] = await this.db
      .select({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashOf(token)), gt(refreshTokens.expiresAt, now)));
    return row?.family ?? null;
  }

  /** A new refresh token of `family`. */
  private issueRefresh(db: Db | Tx, accountId: number, family: string): Promise<string> {
    const token = randomToken();
    return db
      .insert(refreshTokens)
      .values({ accountId, family, tokenHash: hashOf(token), expiresAt: Date.now() + REFRESH_TTL_MS })
      .then(() => token);
  }

  /**
   * Uses a refresh token and returns its account, the next token of the family and the family.
   * The client that used it (`client`: its address and user agent) may use it again within
   * REUSE_GRACE_MS (parallel refreshes of one page or two tabs); anyone else, or later, means it
   * was stolen and the whole family is revoked.
   *
   * One conditional update decides, and the next token is issued in its transaction: PostgreSQL
   * updates a row one transaction at a time and re-checks the condition on the row it waited for,
   * so of two processes racing with one unused token exactly one wins, and the loser's revocation
   * comes after the winner's new token exists and takes it too.
   */
  async rotate(
    token: string,
    client: string,
    now = Date.now(),
  ): Promise<{ account: AccountRef; refresh: string; family: string }> {
    const refused = new Refusal('unauthorized', 'Please sign in again');
    const tokenHash = hashOf(token);
    const usedBy = hashOf(client);
    const won = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(refreshTokens)
        .set({
          usedAt: sql`coalesce(${refreshTokens.usedAt}, ${now})`,
          usedBy: sql`coalesce(${refreshTokens.usedBy}, ${usedBy})`,
        })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            gt(refreshTokens.expiresAt, now),
            or(
              isNull(refreshTokens.usedAt),
              and(eq(refreshTokens.usedBy, usedBy), gt(refreshTokens.usedAt, now - REUSE_GRACE_MS)),
            ),
          ),
        )
        .returning({ accountId: refreshTokens.accountId, family: refreshTokens.family });
      return row && { ...row, refresh: await this.issueRefresh(tx, row.accountId, row.family) };
    });
    if (!won) {
      const [reused] = await this.db
        .select({ family: refreshTokens.family })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, tokenHash), gt(refreshTokens.expiresAt, now)));
      if (reused) await this.revokeFamily(reused.family);
      throw refused;
    }
    const account = await accountRef(this.db, won.accountId);
    if (!account) throw refused;
    return { account, refresh: won.refresh, family: won.family };
  }

  /** Deletes refresh tokens past their expiry (the server runs it hourly), so the table does not grow without end. */
  async purgeExpired(now = Date.now()): Promise<void> {
    await this.db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
  }

  /** Signs a device out: every token of the presented token's family, refresh and access, stops working. */
  async revoke(token: string): Promise<void> {
    const family = await this.familyOf(token);
    if (family !== null) await this.revokeFamily(family);
  }

  private async revokeFamily(family: string): Promise<void> {
    await this.db.delete(refreshTokens).where(eq(refreshTokens.family, family));
    this.families.delete(family);
    this.families.set(family, 0);
  }
}
