/**
 * The embedded database (PGlite) is one process's: two processes writing its files corrupt it (a
 * second one's writes are lost or collide). Whoever opens it writes its pid into
 * DATA_DIR/pglite.lock and removes it on close; a lock whose process has gone is taken over.
 */

import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process holds DATA_DIR's embedded database. */
export class DataDirInUse extends Error {
  override name = 'DataDirInUse';
}

/** Whether process `pid` runs (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes DATA_DIR's database for this process, or throws DataDirInUse; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'pglite.lock');
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => {
        if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && alive(holder))
      throw new DataDirInUse(
        `The embedded database in ${dataDir} is in use by process ${holder} (a running moonrush server?): ` +
          `stop it first, or run the server on PostgreSQL (DATABASE_URL) to change it while it runs. ` +
          `(If no such process is moonrush, remove ${path}.)`,
      );
    // Left by a process that has gone: take it over.
    unlinkSync(path);
  }
}
