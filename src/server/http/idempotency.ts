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
import type { IdempotencyClaim } from '../ledger/bets';
import { Refusal } from '../Refusal';
import { badRequest, conflict, HttpError, REFUSAL_STATUS } from './errors';

const KEY = /^[\x21-\x7e]{1,128}$/;
const KEEP_MS = 24 * 3600_000;
/** Expired keys are deleted at most this often, not on every request. */
const PURGE_EVERY_MS = 60_000;
let purgedAt = 0;

/** The request's Idempotency-Key and what it asked (method, path, body hash); undefined without the header. */
export function idempotencyClaim(request: FastifyRequest): IdempotencyClaim | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY.test(key))
    throw badRequest('Idempotency-Key must be 1 to 128 visible characters');
  const body = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  return { key, fingerprint: `${request.method} ${request.url} ${body}` };
}

/** Runs `create` once per (account, Idempotency-Key), handing it the claim to record; without the header it just runs. */
export async function idempotent<T>(
  db: Db,
  accountId: number,
  request: FastifyRequest,
  create: (claim: IdempotencyClaim | undefined) => Promise<T>,
): Promise<T> {
  const claim = idempotencyClaim(request);
  if (claim === undefined) return create(undefined);
  const { key, fingerprint } = claim;
  const now = Date.now();
  if (now - purgedAt >= PURGE_EVERY_MS) {
    purgedAt = now;
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - KEEP_MS));
  }
  const mine = and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key));
  const replay = async (): Promise<T | undefined> => {
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first) return undefined;
    if (first.createdAt < now - KEEP_MS) {
      await db.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.createdAt, now - KEEP_MS)));
      return undefined;
    }
    if (first.fingerprint !== fingerprint)
      throw badRequest('This Idempotency-Key was already used for another request');
    if (first.status === null) throw conflict('The first request with this Idempotency-Key is still running');
    if (first.status !== 200) throw new HttpError(first.status, String(first.response));
    return first.response as T;
  };
  const earlier = await replay();
  if (earlier !== undefined) return earlier;
  try {
    return await create({ key, fingerprint });
  } catch (error) {
    // The same key sent twice at once: the other request placed the bet (its statement committed first).
    if (isUniqueViolation(error)) {
      const placed = await replay();
      if (placed !== undefined) return placed;
    }
    if (error instanceof Refusal)
      await db
        .insert(idempotencyKeys)
        .values({
          accountId,
          key,
          fingerprint,
          createdAt: now,
          status: REFUSAL_STATUS[error.kind],
          response: error.message,
        })
        .onConflictDoNothing();
    throw error;
  }
}
