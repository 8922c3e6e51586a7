/**
 * `npm run verify -- --from ID --to ID [--url URL] [--rpc URL]`: checks every round in the range on a
 * running server (default http://localhost:8080): each hash, crash point and link of the seed chain,
 * each settlement root against the published bets, each anchor against the round roots (and, with
 * --rpc, a Solana node's, against the memo the chain kept), each chain's announcement.
 * Prints the first mismatch and exits 1, or one line: PASS.
 */

import { parseArgs } from 'node:util';
import { Connection } from '@solana/web3.js';
import { apiGet, auditRounds } from './auditRounds';
import type { MemoReader } from './auditSettlements';
import { memoFromLogs } from '../src/shared/settlement';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    url: { type: 'string', default: 'http://localhost:8080' },
    rpc: { type: 'string' },
  },
});
const from = Number(values.from);
const to = Number(values.to);
if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || to < from) {
  console.error(
    'usage: npm run verify -- --from ID --to ID [--url URL] [--rpc SOLANA_RPC_URL]   (round ids, from <= to)',
  );
  process.exit(2);
}
try {
  const result = await auditRounds(apiGet(values.url), from, to, values.rpc ? memoReader(values.rpc) : null);
  console.log(result.line);
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(`could not read the rounds from ${values.url}: ${(error as Error).cause ?? (error as Error).message}`);
  process.exitCode = 2;
}

/** The memo of an anchor's transaction, from the Memo program's line in its log. */
function memoReader(rpcUrl: string): MemoReader {
  const connection = new Connection(rpcUrl, 'confirmed');
  return async (signature) => {
    const found = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    return memoFromLogs(found?.meta?.logMessages ?? []);
  };
}
