/**
 * `npm run audit:rtp -- --from ID --to ID [--url URL]`: the realized return to player of rounds ID..ID
 * of a running server (default http://localhost:8080), with its standard error, against the
 * theoretical one. Exits 1 when the two are more than 3 standard errors apart.
 */

import { parseArgs } from 'node:util';
import { apiGet } from './auditRounds';
import { auditRtp } from './auditRtp';

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
  console.error('usage: npm run audit:rtp -- --from ID --to ID [--url URL]   (round ids, from <= to)');
  process.exit(2);
}
const result = await auditRtp(apiGet(values.url), from, to);
for (const line of result.lines) console.log(line);
process.exitCode = result.ok ? 0 : 1;
