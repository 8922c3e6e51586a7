/**
 * Group commit of bets and cancels: the ones that arrive while the previous batch is in the
 * database share one statement (bet_batch.sql), so one round trip and one commit, each still
 * judged alone by place_bet or cancel_bet with its own ledger rows. A batch of one is sent as that
 * function's own statement. Batches of one database go one at a time: two batches never wait for
 * each other's locks. When PostgreSQL refuses a batch (an Idempotency-Key seen before, a deadlock)
 * nothing of it was written, and its operations run again one by one, each meeting its own answer
 * or error as it would alone.
 */

import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/** place_bet's arguments. */
export interface PlaceOp {
  op: 'place';
  account: number;
  amount: number;
  autoRate: number | null;
  cashoutAt: number;
  at: number;
  maxActive: number;
  key: string | null;
  fingerprint: string | null;
}

/** cancel_bet's arguments. */
export interface CancelOp {
  op: 'cancel';
  account: number;
  bet: number;
  at: number;
}

type Op = PlaceOp | CancelOp;

/** What place_bet or cancel_bet answered (a bet row or a refusal, as JSON). */
type Answer = unknown;

interface Waiting {
  op: Op;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

/** At most this many operations a statement: each takes row locks that the batch holds until its end. */
const MOST = 64;

/** One operation's own statement. */
function alone(op: Op): SQL {
  return op.op === 'place'
    ? sql`SELECT place_bet(${op.account}, ${op.amount}, ${op.autoRate}, ${op.cashoutAt}, ${op.at}::bigint,
          ${op.maxActive}, ${op.key}, ${op.fingerprint}) AS answer`
    : sql`SELECT cancel_bet(${op.account}, ${op.bet}, ${op.at}::bigint) AS answer`;
}

/** True for an error PostgreSQL answered (the statement's transaction was rolled back), not a lost connection. */
function refusedByDatabase(error: unknown): boolean {
  const severity = (e: unknown) => (e as { severity?: unknown } | null | undefined)?.severity;
  return (
    typeof severity(error) === 'string' || typeof severity((error as { cause?: unknown } | null)?.cause) === 'string'
  );
}

class BetBatch {
  private queue: Waiting[] = [];
  private busy = false;

  constructor(private readonly db: Db) {}

  run(op: Op): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        // Whatever else this turn of the event loop parsed joins the batch.
        setImmediate(() => void this.next());
      }
    });
  }

  private async next(): Promise<void> {
    const batch = this.queue.splice(0, MOST);
    if (batch.length === 0) {
      this.busy = false;
      return;
    }
    try {
      if (batch.length === 1) await this.one(batch[0]!);
      else await this.many(batch);
    } finally {
      void this.next();
    }
  }

  private async one({ op, resolve, reject }: Waiting): Promise<void> {
    try {
      const [row] = await queryRows<{ answer: Answer }>(this.db, alone(op));
      resolve(row!.answer);
    } catch (error) {
      reject(error);
    }
  }

  private async many(batch: Waiting[]): Promise<void> {
    let answers: Answer[];
    try {
      const ops = JSON.stringify(batch.map((waiting) => waiting.op));
      const [row] = await queryRows<{ answers: Answer[] }>(this.db, sql`SELECT bet_batch(${ops}::jsonb) AS answers`);
      answers = row!.answers;
    } catch (error) {
      if (!refusedByDatabase(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // Nothing of the batch was written: each operation alone, side by side as they would have come.
      await Promise.all(batch.map((waiting) => this.one(waiting)));
      return;
    }
    batch.forEach((waiting, i) => waiting.resolve(answers[i]));
  }
}

const batches = new WeakMap<Db, BetBatch>();

/** Runs a bet's placement or cancel in the next batch of its database, and answers what its function answered. */
export function batched(db: Db, op: Op): Promise<Answer> {
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = new BetBatch(db)));
  return batch.run(op);
}
