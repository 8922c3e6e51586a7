/**
 * A migrated PGlite, made once and started from by every in-memory test database. An empty PGlite
 * costs an initdb and all of drizzle/'s migrations (10 to 40 s on a busy 2-core machine); starting
 * from this image costs loading a tarball (a few seconds), after which connectDatabase applies the
 * migrations and functions as it always does (the migrations find nothing left to do).
 *
 * The global setup of every project (vitest.config.ts) makes the image before any worker starts,
 * keyed by the hash of drizzle/ and the PGlite version, in the temp folder: a later run with the
 * same migrations reuses it. Fresh migrations on PGlite stay tested: making the image runs them, and
 * so do the tests that open a database on disk (restart, shutdown, dataDirLock).
 */

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/database';
import { connectDatabase, IN_MEMORY } from '../../src/server/db/client';

/** Where the global setup put the image (a .tar), for the workers. */
const IMAGE_VARIABLE = 'MOONRUSH_TEST_DB_IMAGE';

/** The image's file name: what decides its content, hashed. */
function imageFile(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
  hash.update(pglite.version);
  for (const folder of ['drizzle', 'drizzle/meta'])
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (name.includes('.')) hash.update(path).update(readFileSync(path));
    }
  return join(tmpdir(), `moonrush-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The image for a test database, or undefined outside a suite run (the database then starts empty). */
export function databaseImage(): Blob | undefined {
  const path = process.env[IMAGE_VARIABLE];
  return path ? new Blob([readFileSync(path)]) : undefined;
}

/** An in-memory database started from the image, migrated and with the functions in force. */
export function memoryDatabase() {
  return openDatabase({ dataDir: IN_MEMORY, image: databaseImage() });
}

/** Every project runs this setup; the first one of the run makes (or finds) the image. */
const MADE = Symbol.for('moonrush.databaseImage');

export async function setup(): Promise<void> {
  const state = globalThis as { [MADE]?: Promise<string> };
  state[MADE] ??= (async () => {
    const path = imageFile();
    if (!existsSync(path)) {
      // The migrations only: every start applies the functions of its own sources over them.
      const database = await connectDatabase({ dataDir: IN_MEMORY, functions: [] });
      const image = await database.image?.();
      if (!image) throw new Error('an in-memory database gives no image');
      await database.close();
      // Written whole under another name first: a run started beside this one never reads half an image.
      const partial = `${path}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
      renameSync(partial, path);
    }
    return path;
  })();
  process.env[IMAGE_VARIABLE] = await state[MADE];
}
