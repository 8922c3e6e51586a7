/** Helpers for migration tests: a database on the migrations as they stood before the one under test. */

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll } from 'vitest';

/** A copy of drizzle/ whose journal stops before the migration `tag` (the caller removes the folder). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-migrations-'));
  cpSync('drizzle', dir, { recursive: true });
  const path = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(path, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/**
 * For a describe block: an in-memory PGlite, `toBefore()` migrates it up to the migration `tag`
 * (the test then writes rows as the old code did), `toLatest()` runs the rest. Both go after the suite.
 */
export function databaseBeforeMigration(tag: string) {
  const before = migrationsBefore(tag);
  const client = new PGlite();
  const db = drizzle(client);
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });
  return {
    client,
    db,
    toBefore: () => migrate(db, { migrationsFolder: before }),
    toLatest: () => migrate(db, { migrationsFolder: 'drizzle' }),
  };
}
