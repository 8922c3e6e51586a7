/**
 * `npm run ledger:check`: audits the database of DATABASE_URL (or DATA_DIR's PGlite, which it refuses
 * while a server holds it) and exits 1 naming each account whose ledger and balance differ.
 */

import { openScriptDatabase } from './scriptDatabase';
import { checkLedger } from '../src/server/ledger/check';

const database = await openScriptDatabase();
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
