/**
 * The database of an operator's script (ops:add, ops:disable, ledger:check): DATABASE_URL, else
 * DATA_DIR's PGlite, which a running server holds; then the script says so and exits 1 rather than
 * write beside the server.
 */

import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { openDatabase } from '../src/server/database';
import { DataDirInUse } from '../src/server/db/dataDirLock';

export async function openScriptDatabase(): Promise<Database> {
  try {
    return await openDatabase(loadConfig());
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
