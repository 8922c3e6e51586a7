/**
 * The embedded database is one process's: `npm run ops:add` against a running server on
 * DATA_DIR's PGlite refuses, saying why, and writes nothing; once the server stops it works.
 */

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { operators } from '../../src/server/db/schema';
import { openDatabase } from '../../src/server/database';
import { startServer } from './harness';

const run = promisify(execFile);

describe("the embedded database's lock", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const opsAdd = () =>
    run(process.execPath, ['--import', 'tsx', 'scripts/ops-add.ts', '--email', 'night@ops.example'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);

  it('ops:add refuses while a server holds DATA_DIR, and works once it stopped', { timeout: 300_000 }, async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const refused = await opsAdd();
      expect('code' in refused && refused.code).toBe(1);
      expect(refused.stdout).not.toContain('password:');
      expect(refused.stderr).toContain(`The embedded database in ${dataDir} is in use by process ${process.pid}`);
      expect(await server.server.services.database.db.select().from(operators)).toEqual([]);
    } finally {
      await server.close();
    }
    const added = await opsAdd();
    expect('code' in added).toBe(false);
    expect(added.stdout).toMatch(/^password: \S+\ntotp-secret: \S+\n$/);
    const database = await openDatabase({ dataDir });
    try {
      expect((await database.db.select().from(operators)).map((row) => row.email)).toEqual(['night@ops.example']);
    } finally {
      await database.close();
    }
  });
});
