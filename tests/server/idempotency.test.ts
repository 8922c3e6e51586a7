import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../../src/server/db/client';
import { accounts } from '../../src/server/db/schema';
import { idempotent } from '../../src/server/http/idempotency';

describe('Idempotency-Key', () => {
  let database: Database;
  let accountId: number;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: IN_MEMORY });
    const [row] = await database.db
      .insert(accounts)
      .values({ nickname: 'n', referralCode: 'idem', createdAt: Date.now() })
      .returning({ id: accounts.id });
    accountId = row!.id;
  });
  afterAll(() => database.close());

  const request = { method: 'POST', url: '/bet/create', body: { amount: 1000 }, headers: { 'idempotency-key': 'k1' } };

  it('never runs a request twice when its answer could not be recorded: the retry hears it is still running', async () => {
    let placed = 0;
    // A BigInt cannot be stored as JSON: recording this answer fails after the "bet" was placed.
    const create = async () => ({ placed: ++placed, id: 1n });
    const first = idempotent(database.db, accountId, request as unknown as FastifyRequest, create);
    await expect(first).rejects.toThrow();
    const retry = idempotent(database.db, accountId, request as unknown as FastifyRequest, create);
    await expect(retry).rejects.toMatchObject({
      message: 'The first request with this Idempotency-Key is still running',
    });
    expect(placed).toBe(1);
  });
});
