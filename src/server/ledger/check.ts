/**
 * The operator's audit (`npm run ledger:check`): the double entry (doubleEntry.ts: house accounts
 * equal their transfers, everything sums to zero, each house account agrees with what it stands
 * for), and per player: ledger sums equal balances, each row's balance_after follows the chain and
 * names an account that exists (the ledger has no foreign key: migration 0008),
 * nothing is negative, no bet of a voided round is left unrefunded, none is stranded in an unfinished
 * round that newer rounds have overtaken, no reached auto cash-out (is_due) is unpaid, and every
 * manual credit or debit has the operator's audit row it names (docs/ops.md "Audit").
 */

import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { doubleEntryProblems, type ProblemRow } from './doubleEntry';

/** One difference the audit found, named by account: a player's, a house account's (negative id), or 0 for the whole. */
interface LedgerProblem {
  accountId: number;
  problem: string;
}

type Row = ProblemRow;

/** Every difference between the ledger and the balances, one line per account and problem (empty: all good). */
export async function checkLedger(db: Db): Promise<LedgerProblem[]> {
  const sums = await queryRows<Row>(
    db,
    sql`SELECT a.id AS account_id, 'balance ' || a.balance || ' but ledger sums to ' || COALESCE(SUM(l.delta), 0) AS detail
        FROM accounts a LEFT JOIN ledger_entries l ON l.account_id = a.id
        GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(l.delta), 0)`,
  );
  const chain = await queryRows<Row>(
    db,
    sql`SELECT account_id, 'ledger row ' || id || ' says balance_after ' || balance_after || ' but the rows before it sum to ' || running AS detail
        FROM (SELECT id, account_id, balance_after, SUM(delta) OVER (PARTITION BY account_id ORDER BY id) AS running
              FROM ledger_entries WHERE account_id > 0) r
        WHERE running IS DISTINCT FROM balance_after`,
  );
  const orphaned = await queryRows<Row>(
    db,
    sql`SELECT l.account_id, 'ledger row ' || l.id || ' names an account that does not exist' AS detail
        FROM ledger_entries l LEFT JOIN accounts a ON a.id = l.account_id WHERE l.account_id > 0 AND a.id IS NULL`,
  );
  const negative = await queryRows<Row>(
    db,
    sql`SELECT id AS account_id, 'negative balance ' || balance AS detail FROM accounts WHERE balance < 0`,
  );
  const unrefunded = await queryRows<Row>(
    db,
    sql`SELECT b.account_id, 'bet ' || b.id || ' is still open in voided round ' || b.round_id AS detail
        FROM bets b JOIN rounds r ON r.id = b.round_id WHERE r.state = 'VOID' AND b.status = 'CREATED'`,
  );
  const stranded = await queryRows<Row>(
    db,
    sql`SELECT b.account_id, 'bet ' || b.id || ' is still open in round ' || b.round_id || ', left ' || r.state || ' behind newer rounds' AS detail
        FROM bets b JOIN rounds r ON r.id = b.round_id
        WHERE r.state IN ('CREATED', 'STARTED') AND b.status = 'CREATED' AND r.id < (SELECT max(id) FROM rounds)`,
  );
  const unpaid = await queryRows<Row>(
    db,
    sql`SELECT b.account_id, 'bet ' || b.id || ' reached its cash-out x' || (b.cashout_at / 100.0)::numeric(12, 2) || ' in ended round ' || b.round_id || ' but is unpaid' AS detail
        FROM bets b JOIN rounds r ON r.id = b.round_id
        WHERE r.state = 'ENDED' AND b.status = 'CREATED' AND is_due(b.cashout_at, r.full_rate)`,
  );
  // A manual row's ref is the id of its 'adjust' audit row, written in the same transaction.
  const unaudited = await queryRows<Row>(
    db,
    sql`SELECT l.account_id, 'manual ledger row ' || l.id || ' has no audit row' AS detail
        FROM ledger_entries l LEFT JOIN ops_audit a
          ON l.ref ~ '^[0-9]{1,18}$' AND a.id = l.ref::bigint AND a.action = 'adjust' AND a.target = 'account:' || l.account_id
        WHERE l.kind = 'manual' AND a.id IS NULL`,
  );
  const doubleEntry = await doubleEntryProblems(db);
  return [
    ...sums,
    ...chain,
    ...orphaned,
    ...negative,
    ...unrefunded,
    ...stranded,
    ...unpaid,
    ...unaudited,
    ...doubleEntry,
  ]
    .map((row) => ({ accountId: Number(row.account_id), problem: row.detail }))
    .sort((a, b) => a.accountId - b.accountId);
}
