import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/database';
import { startPostgres, type PostgresCluster } from './pg';

const functionsFolder = fileURLToPath(new URL('../../src/server/betting', import.meta.url));

/** As many processes as an orchestrator starts replicas of, all at the same instant. */
const PROCESSES = 8;

describe('many processes started at once', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(() => cluster?.stop());

  it('migrates an empty database once and applies the functions while every process comes up', async () => {
    const url = await cluster.createDatabase('together');
    const opened = await Promise.allSettled(
      Array.from({ length: PROCESSES }, () => openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 })),
    );
    await Promise.all(opened.map((o) => (o.status === 'fulfilled' ? o.value.close() : undefined)));
    expect(
      opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
      expect(row!.n).toBe(journal.default.entries.length);
      // Each function is its file's, replacing what migrations 0005, 0007 and 0008 created, with no other overload.
      const defined = await sql<{ name: string; source: string }[]>`
        select proname as name, prosrc as source from pg_proc where pronamespace = 'public'::regnamespace`;
      // Each file defines one function named after it; a trigger's file (ops_audit_guard.sql) defines none.
      const functionFiles = readdirSync(functionsFolder).filter(
        (name) =>
          name.endsWith('.sql') &&
          readFileSync(join(functionsFolder, name), 'utf8').includes('CREATE OR REPLACE FUNCTION'),
      );
      expect(functionFiles.length).toBeGreaterThan(10);
      for (const file of functionFiles) {
        const versions = defined.filter((f) => f.name === file.replace('.sql', ''));
        expect(versions, file).toHaveLength(1);
        expect(readFileSync(join(functionsFolder, file), 'utf8'), file).toContain(versions[0]!.source);
      }
    } finally {
      await sql.end();
    }
  });
});
