import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/server/database';
import { rounds } from '../../src/server/db/schema';
import { insertRound, markEnded, markStarted } from '../../src/server/game/rounds';
import { fixedCrashPoints } from './crashPoints';
import { startServer } from './harness';
import { startPostgres, type PostgresCluster } from './pg';

describe('rounds on PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(() => cluster?.stop());

  it('persists rounds in DATABASE_URL and leaves none unfinished after a stop', async () => {
    const url = await cluster.createDatabase('rounds');
    const t = await startServer({ DATABASE_URL: url }, { roundSecrets: fixedCrashPoints([1.02]) });
    try {
      let ended = 0;
      const deadline = Date.now() + 20_000;
      while (ended < 2 && Date.now() < deadline) {
        const body = (await (await fetch(`${t.api}/game/last`)).json()) as { data: unknown[] };
        ended = body.data.length;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ended).toBeGreaterThanOrEqual(2);
    } finally {
      await t.close();
    }
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<
        { state: string; n: number }[]
      >`select state, count(*)::int as n from rounds group by state`;
      const states = Object.fromEntries(rows.map((r) => [r.state, r.n]));
      expect(states.ENDED).toBeGreaterThanOrEqual(2);
      expect(states.CREATED ?? 0).toBe(0);
      expect(states.STARTED ?? 0).toBe(0);
    } finally {
      await sql.end();
    }
  });

  it('stores a crash point above x21,474,836.47 (rate_hundredths past a 32-bit integer)', async () => {
    const url = await cluster.createDatabase('high_rates');
    const database = await openDatabase({ databaseUrl: url, dataDir: '' });
    try {
      const { db } = database;
      const fullRate = 30_000_000.5;
      const id = await insertRound(db, { hash: 'h', fullRate, salt: 's', createdAt: 1, startsAt: 2 });
      await markStarted(db, id, 2);
      await markEnded(db, id, 3, 3_000_000_050);
      const [row] = await db.select().from(rounds).where(eq(rounds.id, id));
      expect(row?.rateHundredths).toBe(3_000_000_050);
    } finally {
      await database.close();
    }
  });
});
