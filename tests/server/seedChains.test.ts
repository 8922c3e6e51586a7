import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previousSeed, verifyCrashPoint, verifyLink, verifyRound } from '../../src/shared/fairness';
import { type Database } from '../../src/server/db/client';
import { memoryDatabase } from './databaseImage';
import { leadership, seedChains } from '../../src/server/db/schema';
import { Deposed, fencedDb, Leadership } from '../../src/server/game/Leadership';
import type { ClientSeedSource } from '../../src/server/game/clientSeed';
import { insertRound } from '../../src/server/game/rounds';
import { SeedChains } from '../../src/server/game/SeedChains';
import { buildChain, seal, seedAt, unseal } from '../../src/server/game/seedChainMath';

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

describe('seed chain math', () => {
  it('finds every link from the checkpoints, each hashing to the one before and link 1 to the commitment', async () => {
    const { commitment, checkpoints } = await buildChain(2500, 1000);
    expect(checkpoints).toHaveLength(3);
    const at = (i: number) => seedAt(checkpoints, 1000, 2500, i);
    expect(await previousSeed(at(1))).toBe(commitment);
    for (const i of [2, 999, 1000, 1001, 1999, 2000, 2001, 2500]) expect(await verifyLink(at(i), at(i - 1))).toBe(true);
    expect(checkpoints[2]!.toString('hex')).toBe(at(2500));
    expect(() => at(0)).toThrow(RangeError);
    expect(() => at(2501)).toThrow(RangeError);
  });

  it('seals the checkpoints so only the same key and commitment open them', async () => {
    const { commitment, checkpoints } = await buildChain(30, 10);
    const key = randomBytes(32);
    const sealed = seal(key, commitment, checkpoints);
    expect(sealed).not.toContain(checkpoints[0]!.toString('base64'));
    expect(unseal(key, commitment, sealed).map((c) => c.toString('hex'))).toEqual(
      checkpoints.map((c) => c.toString('hex')),
    );
    expect(() => unseal(randomBytes(32), commitment, sealed)).toThrow();
    expect(() => unseal(key, '00'.repeat(32), sealed)).toThrow();
  });
});

describe('SeedChains', () => {
  let database: Database;
  beforeAll(async () => {
    database = await memoryDatabase();
  });
  afterAll(() => database.close());

  /** A client seed source like a real cluster's: announced slot 700, final once `final` is set. */
  function cluster() {
    const state = { final: false, asked: 0 };
    const source: ClientSeedSource = {
      announce: async () => ({ clientSeed: null, source: 'block at or after slot 700', slot: 700 }),
      resolve: async (slot) => {
        state.asked++;
        return state.final ? { clientSeed: `hash-of-${slot}`, source: 'block at or after slot 700: block 701' } : null;
      },
    };
    return { source, state };
  }

  async function use(chains: SeedChains) {
    const drawn = await chains.next();
    await insertRound(database.db, { ...drawn, createdAt: Date.now(), startsAt: Date.now() });
    return drawn;
  }

  it('draws link after link, waits for the announced block, and commits a new chain when one runs out', async () => {
    const { source, state } = cluster();
    const key = randomBytes(32);
    const chains = new SeedChains({
      ...{ db: database.db, key, clientSeeds: source, log: quiet, length: 3, checkpointEvery: 2 },
      ...{ pollMs: 10, waitMs: 100 },
    });
    await expect(chains.next()).rejects.toThrow('not finalized yet');
    const [chain] = await database.db.select().from(seedChains);
    expect(chain).toMatchObject({ clientSeed: null, clientSeedSlot: 700, length: 3 });

    state.final = true;
    const first = await use(chains);
    expect(first).toMatchObject({ chainId: chain!.id, chainIndex: 1 });
    expect(await verifyLink(first.salt, chain!.commitment)).toBe(true);
    expect(await verifyRound(first)).toBe(true);
    expect(await verifyCrashPoint(first, 'hash-of-700')).toBe(true);

    // A restart: a new SeedChains with the same key continues the chain from the database.
    const again = new SeedChains({
      db: database.db,
      key,
      clientSeeds: source,
      log: quiet,
      length: 3,
      checkpointEvery: 2,
    });
    const second = await use(again);
    const third = await use(again);
    expect([second.chainIndex, third.chainIndex]).toEqual([2, 3]);
    expect(await verifyLink(second.salt, first.salt)).toBe(true);
    expect(await verifyLink(third.salt, second.salt)).toBe(true);

    const fourth = await use(again);
    expect(fourth.chainIndex).toBe(1);
    expect(fourth.chainId).toBeGreaterThan(chain!.id);
    expect(await database.db.select().from(seedChains)).toHaveLength(2);
  });

  it('commits a new chain when its key cannot open the newest one', async () => {
    const { source, state } = cluster();
    state.final = true;
    const options = { db: database.db, clientSeeds: source, log: quiet, length: 5, checkpointEvery: 5 };
    const before = await use(new SeedChains({ ...options, key: randomBytes(32) }));
    const after = await use(new SeedChains({ ...options, key: randomBytes(32) }));
    expect(after.chainId).toBeGreaterThan(before.chainId!);
    expect(after.chainIndex).toBe(1);
  });
  it('writes no chain and no client seed for an engine that no longer leads (the epoch fence)', async () => {
    const own = await memoryDatabase();
    try {
      const elected = new Leadership({ db: own.db, session: null, log: quiet, pollMs: 60_000 });
      await elected.start({ start: async () => {}, stop: async () => {}, abandon: async () => {} });
      const fenced = fencedDb(own.db, (tx) => elected.fence(tx));
      const { source, state } = cluster();
      const options = { db: fenced, clientSeeds: source, log: quiet, length: 3, checkpointEvery: 2 };
      const chains = new SeedChains({ ...options, key: randomBytes(32), pollMs: 10, waitMs: 100 });
      // While it leads: the chain is committed, its announced block not final yet.
      await expect(chains.next()).rejects.toThrow('not finalized yet');
      const committed = await own.db.select().from(seedChains);
      expect(committed).toHaveLength(1);

      // Another engine takes the lead (it bumps the epoch); then the block becomes final.
      await own.db
        .update(leadership)
        .set({ epoch: sql`${leadership.epoch} + 1` })
        .where(eq(leadership.id, 1));
      state.final = true;
      await expect(chains.next()).rejects.toBeInstanceOf(Deposed);
      // A key that cannot open the chain would commit a new one: refused as well.
      await expect(new SeedChains({ ...options, key: randomBytes(32) }).next()).rejects.toBeInstanceOf(Deposed);
      expect(await own.db.select().from(seedChains)).toEqual(committed);
      await elected.stop();
    } finally {
      await own.close();
    }
  });
});
