/**
 * `npm run ledger:check`: audits the database of DATABASE_URL (or DATA_DIR's PGlite, with the
 * server stopped) and exits 1 naming each account that differs: a player's, a house account's, or
 * the ledger as a whole when the balances do not sum to zero. It prints every account's balance
 * and, where the chain outlives the server (LOCAL_CHAIN_URL, or CHAIN=devnet|testnet|mainnet),
 * reconciles the house wallet on it with what the accounts owe.
 */

import { loadConfig } from '../src/server/config';
import { openScriptDatabase } from './scriptDatabase';
import { checkLedger } from '../src/server/ledger/check';
import { balances, reconcile, walletProblem } from '../src/server/ledger/books';
import { HOUSE_ACCOUNTS } from '../src/server/betting/transferKinds';
import { createChain } from '../src/server/chain/createChain';
import { lamportsToHundredths } from '../src/shared/money';

const config = loadConfig();
const database = await openScriptDatabase();
/** A player's problem is prefixed with the account, the whole ledger's too; a house account's names it already. */
const prefix = (id: number) => (id > 0 ? `account ${id}: ` : id === 0 ? 'the ledger: ' : '');
try {
  const problems = await checkLedger(database.db);
  const { players, house } = await balances(database.db);
  const total = Object.values(house).reduce((sum, balance) => sum + balance, players);
  console.log(
    `balances (hundredths): players ${players}, ${Object.entries(house)
      .map(([name, balance]) => `${name} ${balance}`)
      .join(', ')}; sum ${total}`,
  );
  // The in-process local chain lives and dies with the server: nothing to read once it stopped.
  if (config.chain !== 'local' || config.localChainUrl) {
    const chain = createChain(config);
    const held = lamportsToHundredths(await chain.balance(chain.houseAddress), config.coinsPerSol);
    const books = await reconcile(database.db, held);
    console.log(
      `house wallet ${chain.houseAddress}: ${books.chain} on the chain, ${books.owed} owed by the accounts, ${books.chain - books.owed} the house's own; the game brought in ${books.broughtIn}`,
    );
    const problem = walletProblem(books);
    if (problem)
      problems.push({ accountId: HOUSE_ACCOUNTS.house_wallet.id, problem: `house account house_wallet: ${problem}` });
  }
  for (const { accountId, problem } of problems) console.log(`${prefix(accountId)}${problem}`);
  if (problems.length > 0) {
    console.log(`ledger check FAILED: ${problems.length} problem(s)`);
    process.exitCode = 1;
  } else {
    console.log(
      'ledger check ok: every balance equals its transfers and they sum to zero, the house accounts agree with the withdrawals and the bets, no balance is negative',
    );
  }
} finally {
  await database.close();
}
