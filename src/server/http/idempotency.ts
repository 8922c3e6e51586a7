/**
 * `Idempotency-Key` on create calls: the first answer for a key is stored per account and
 * replayed for every repeat, so a retried request never places a second bet.
 */

import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { Refusal } from '../Refusal';
import { badRequest, conflict, HttpError, REFUSAL_STATUS } from './errors';

const KEY = /^[\x21-\x7e]{1,128}$/;
const KEEP_MS = 24 * 3600_000;

/** Runs `create` once per (account, Idempotency-Key); without the header it just runs. */
export async function idempotent<T>(
  db: Db,
  accountId: number,
  request: FastifyRequest,
  create: () => Promise<T>,
): Promise<T> {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return create();
  if (typeof key !== 'string' || !KEY.test(key))
    throw badRequest('Idempotency-Key must be 1 to 128 visible characters');
  const fingerprint = `${request.method} ${request.url} ${createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex')}`;
  const now = Date.now();
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - KEEP_MS));
  const mine = and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ accountId, key, fingerprint, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) {
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first || first.fingerprint !== fingerprint)
      throw badRequest('This Idempotency-Key was already used for another request');
    if (first.status === null) throw conflict('The first request with this Idempotency-Key is still running');
    if (first.status !== 200) throw new HttpError(first.status, String(first.response));
    return first.response as T;
  }
  let data: T;
  try {
    data = await create();
  } catch (error) {
    if (error instanceof Refusal) {
      await db.update(idempotencyKeys).set({ status: REFUSAL_STATUS[error.kind], response: error.message }).where(mine);
    } else {
      await db.delete(idempotencyKeys).where(mine);
    }
    throw error;
  }
  // Not in the try: had recording the answer failed after the bet was placed, deleting the key
  // would let a retry place it twice. The key then stays "still running" instead.
  await db.update(idempotencyKeys).set({ status: 200, response: data }).where(mine);
  return data;
}
