/**
 * `npm run ops:disable -- --email a@b.c [--reason R]`: disables an operator of the console in the
 * database of DATABASE_URL (or DATA_DIR's PGlite, which it refuses while a server holds it): it can no longer sign
 * in and its live sessions end at once. `npm run ops:enable -- --email a@b.c [--reason R]` (this
 * script with --enable) lets it sign in again. Each is an audit row (docs/ops.md "Roles and operators").
 */

import { parseArgs } from 'node:util';
import { openScriptDatabase } from './scriptDatabase';
import { setOperatorDisabled } from '../src/server/ops/operators';

const { values } = parseArgs({
  options: { email: { type: 'string' }, reason: { type: 'string' }, enable: { type: 'boolean', default: false } },
});
if (!values.email) {
  console.error('usage: npm run ops:disable -- --email a@b.c [--reason R]   (ops:enable takes the same)');
  process.exit(2);
}
const database = await openScriptDatabase();
try {
  const revoked = await setOperatorDisabled(database.db, values.email, !values.enable, values.reason ?? null);
  console.log(values.enable ? `enabled ${values.email}` : `disabled ${values.email}: ${revoked} session(s) ended`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
