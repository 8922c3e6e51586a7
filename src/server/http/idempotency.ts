/**
 * `Idempotency-Key` on create calls: the first answer for a key is stored per account and
 * replayed for every repeat, so a retried request never places a second bet. A placed bet's
 * answer is written in the bet's own statement (`placeBet`'s claim): whatever fails after it, the
 * retry finds it. A refusal (nothing placed) is recorded afterwards, to replay the same words.
 */

import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isUniqueViolation, type Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { IdempotencyClaim } from '../betting/bets';
import { Refusal, type RefusalKind, type Translatable } from '../Refusal';
import { badRequest, conflict, HttpError, REFUSAL_STATUS } from './errors';

const KEY = /^[\x21-\x7e]{1,128}$/;
const KEEP_MS = 24 * 3600_000;
/** Expired keys are deleted at most this often, not on every request. */
const PURGE_EVERY_MS = 60_000;
let purgedAt = 0;

/** What a claim is made of. */
type Asked = Pick<FastifyRequest, 'headers' | 'method' | 'url' | 'body'>;

/** The request's Idempotency-Key and what it asked (method, path, body hash); undefined without the header. */
export function idempotencyClaim(request: Asked): IdempotencyClaim | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY.test(key))
    throw badRequest('Idempotency-Key must be 1 to 128 visible characters');
  const body = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  return { key, fingerprint: `${request.method} ${request.url} ${body}` };
}

/**
 * Runs `create` once per (account, Idempotency-Key), handing it the claim to record; without the
 * header it just runs. No lookup comes first: `create` writes the claim in the bet's own
 * statement, so a key seen before makes that statement fail on the key's primary key (nothing is
 * placed) and the first answer is replayed; a refusal is compared with the key's first answer too.
 */
export async function idempotent<T>(
  db: Db,
  accountId: number,
  request: Asked,
  create: (claim: IdempotencyClaim | undefined) => Promise<T>,
): Promise<T> {
  const claim = idempotencyClaim(request);
  if (claim === undefined) return create(undefined);
  const now = Date.now();
  if (now - purgedAt >= PURGE_EVERY_MS) {
    purgedAt = now;
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - KEEP_MS));
  }
  const mine = and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, claim.key));
  /** The key's first answer, or undefined when the key is free again (never used, or expired and now deleted). */
  const replay = async (): Promise<T | undefined> => {
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first) return undefined;
    if (first.createdAt < now - KEEP_MS) {
      await db.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.createdAt, now - KEEP_MS)));
      return undefined;
    }
    if (first.fingerprint !== claim.fingerprint)
      throw badRequest('This Idempotency-Key was already used for another request');
    if (first.status !== 200) {
      // A refusal is kept as its words and, where it has them, its code and parameters (older rows: the words alone).
      const stored = first.response as string | { message: string; translatable?: Translatable };
      if (typeof stored === 'string') throw new HttpError(first.status ?? 500, stored);
      const kind = (Object.keys(REFUSAL_STATUS) as RefusalKind[]).find((k) => REFUSAL_STATUS[k] === first.status);
      if (!kind) throw new HttpError(first.status ?? 500, stored.message);
      throw new Refusal(kind, stored.message, stored.translatable);
    }
    return first.response as T;
  };
  const attempt = async (): Promise<T | undefined> => {
    try {
      return await create(claim);
    } catch (error) {
      if (isUniqueViolation(error)) return replay();
      if (!(error instanceof Refusal)) throw error;
      // Nothing was placed: record the refusal as the key's answer, unless the key already has one.
      const recorded = await db
        .insert(idempotencyKeys)
        .values({ accountId, ...claim, createdAt: now, status: REFUSAL_STATUS[error.kind], response: { message: error.message, translatable: error.translatable } })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (recorded.length > 0) throw error;
      return replay();
    }
  };
  // A second attempt only when the key's row was expired (deleted by the replay) or vanished meanwhile.
  const answer = (await attempt()) ?? (await attempt());
  if (answer === undefined) throw conflict('This Idempotency-Key is busy: try again');
  return answer;
}
