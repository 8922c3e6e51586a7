/**
 * `npm run verify -- --from ID --to ID [--url URL]`: checks every round in the range on a running
 * server (default http://localhost:8080): each hash, crash point and link of the seed chain.
 * Prints the first mismatch and exits 1, or one line: PASS.
 */

import { parseArgs } from 'node:util';
import { apiGet, auditRounds } from './auditRounds';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    url: { type: 'string', default: 'http://localhost:8080' },
  },
});
const from = Number(values.from);
const to = Number(values.to);
if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || to < from) {
  console.error('usage: npm run verify -- --from ID --to ID [--url URL]   (round ids, from <= to)');
  process.exit(2);
}
try {
  const result = await auditRounds(apiGet(values.url), from, to);
  console.log(result.line);
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(`could not read the rounds from ${values.url}: ${(error as Error).cause ?? (error as Error).message}`);
  process.exitCode = 2;
}
