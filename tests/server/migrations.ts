/** Helpers for migration tests: the migrations as they stood before the one under test. */

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A copy of drizzle/ whose journal stops before the migration `tag` (the caller removes the folder). */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-migrations-'));
  cpSync('drizzle', dir, { recursive: true });
  const path = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(path, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}
