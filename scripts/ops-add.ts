/**
 * `npm run ops:add -- --email a@b.c [--role admin|viewer]`: creates an operator of the console in
 * the database of DATABASE_URL (or DATA_DIR's PGlite, which it refuses while a server holds it) and prints exactly
 * `password: <generated>` and `totp-secret: <base32>`, shown this once; the creation is an audit row
 * (docs/ops.md "Roles and operators").
 */

import { parseArgs } from 'node:util';
import { openScriptDatabase } from './scriptDatabase';
import { addOperator } from '../src/server/ops/operators';

const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string', default: 'viewer' } } });
if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email) || !['admin', 'viewer'].includes(values.role!)) {
  console.error('usage: npm run ops:add -- --email a@b.c [--role admin|viewer]');
  process.exit(2);
}
const database = await openScriptDatabase();
try {
  const { password, totpSecret } = await addOperator(database.db, values.email, values.role as 'admin' | 'viewer');
  console.log(`password: ${password}`);
  console.log(`totp-secret: ${totpSecret}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
