/**
 * The books as the accounts hold them (docs/architecture.md "Money"): every account's balance, what
 * the house owes, and the reconciliation of the house wallet on the chain with them. Proof of
 * reserves, the console's house figures and ledger:check read them here.
 */

import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { HOUSE_ACCOUNTS, type HouseAccount } from '../betting/transferKinds';

/** Every balance in hundredths: the players' together, and each house account's (the sum of its stripes). */
interface Balances {
  players: bigint;
  house: Record<HouseAccount, bigint>;
}

export async function balances(db: Db): Promise<Balances> {
  const rows = await queryRows<{ account_id: string | number; balance: string | number }>(
    db,
    sql`SELECT 0 AS account_id, COALESCE(SUM(balance), 0) AS balance FROM accounts
        UNION ALL SELECT account_id, SUM(balance) FROM house_balances GROUP BY account_id`,
  );
  const of = (id: number) => BigInt(rows.find((row) => Number(row.account_id) === id)?.balance ?? 0);
  const house = Object.fromEntries(
    Object.entries(HOUSE_ACCOUNTS).map(([name, account]) => [name, of(account.id)]),
  ) as Record<HouseAccount, bigint>;
  return { players: of(0), house };
}

/**
 * Every coin the house owes, in hundredths: the players' balances, the withdrawals in transit,
 * the deposits held, and the stakes of open bets in rounds still running (a void gives them back),
 * the last summed from their transfers into the game account.
 */
export async function owedHundredths(db: Db): Promise<bigint> {
  const { players, house } = await balances(db);
  const [staked] = await queryRows<{ total: string | number }>(
    db,
    sql`SELECT COALESCE(-SUM(l.delta), 0) AS total
        FROM rounds r JOIN bets b ON b.round_id = r.id
        JOIN ledger_entries l ON l.kind = 'bet' AND l.ref = b.id::text
        WHERE r.state IN ('CREATED', 'STARTED') AND b.status = 'CREATED'`,
  );
  return players + house.withdrawals + house.deposits_held + BigInt(staked?.total ?? 0);
}

/** The house wallet on the chain against the accounts, all in hundredths. */
interface Reconciliation {
  /** What the house wallet holds on the chain. */
  chain: bigint;
  /** What the accounts say the house owes (owedHundredths). */
  owed: bigint;
  /** What the game brought into the wallet: minus the house_wallet account. */
  broughtIn: bigint;
}

/**
 * The house wallet reconciles when it holds at least what the accounts owe; beyond that is the
 * house's own money (its funding, less the chain's fees), which enters the wallet outside the game
 * and so in no account. Answers the problem to name, or null.
 */
export function walletProblem({ chain, owed }: Reconciliation): string | null {
  return chain >= owed ? null : `the house wallet holds ${chain} on the chain but the accounts owe ${owed}`;
}

export async function reconcile(db: Db, chainHundredths: bigint): Promise<Reconciliation> {
  const owed = await owedHundredths(db);
  const { house } = await balances(db);
  return { chain: chainHundredths, owed, broughtIn: -house.house_wallet };
}
