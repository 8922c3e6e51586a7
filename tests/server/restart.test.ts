import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/database';
import { rounds } from '../../src/server/db/schema';
import { fixedCrashPoints } from './crashPoints';
import { startServer } from './harness';

describe('restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // The database, then a server, opened on one DATA_DIR: each as long as a beforeAll's (60 s) may take.
  it('voids the round a stopped process left in flight and carries on with a new one', async () => {
    // What a process killed mid-flight leaves behind: a STARTED round in the stored database.
    const before = await openDatabase({ dataDir });
    const now = Date.now();
    const [left] = await before.db
      .insert(rounds)
      .values({
        state: 'STARTED',
        hash: 'h',
        fullRate: 7,
        salt: 's',
        createdAt: now - 9000,
        startsAt: now - 3000,
        startedAt: now - 3000,
      })
      .returning({ id: rounds.id });
    await before.close();

    const t = await startServer({ DATA_DIR: dataDir }, { roundSecrets: fixedCrashPoints([1.5]) });
    try {
      const { db } = t.server.services.database;
      const [row] = await db.select().from(rounds).where(eq(rounds.id, left!.id));
      expect(row?.state).toBe('VOID');
      const info = (await (await fetch(`${t.api}/game/info`)).json()) as {
        data: { gameId: string; gameState: string };
      };
      expect(Number(info.data.gameId)).toBeGreaterThan(left!.id);
      expect(info.data.gameState).not.toBe('ENDED');
    } finally {
      await t.close();
    }
  }, 120_000);
});
