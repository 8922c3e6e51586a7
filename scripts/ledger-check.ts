/**
 * `npm run ledger:check`: audits the database of DATABASE_URL (or DATA_DIR's PGlite, with the
 * server stopped) and exits 1 naming each account whose ledger and balance differ.
 */

import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/database';
import { checkLedger } from '../src/server/ledger/check';

const database = await openDatabase(loadConfig());
try {
  const problems = await checkLedger(database.db);
  for (const { accountId, problem } of problems) console.log(`account ${accountId}: ${problem}`);
  if (problems.length > 0) {
    console.log(`ledger check FAILED: ${problems.length} problem(s)`);
    process.exitCode = 1;
  } else {
    console.log('ledger check ok: every balance equals its ledger, no balance is negative');
  }
} finally {
  await database.close();
}
