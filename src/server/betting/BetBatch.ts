/**
 * Group commit of bets and cancels (db/Batches.ts): the ones that arrive while the previous batch
 * is in the database share one statement (bet_batch.sql), so one round trip and one commit, each
 * still judged alone by place_bet or cancel_bet with its own ledger rows. A batch of one is sent as
 * that function's own statement. A player's operations always take the same lane of LANES, and a
 * lane sends one batch at a time: the lanes' batches run side by side on the pool and never wait
 * for each other's locks (no two lanes share a player, nor a house stripe, since a stripe is the
 * player's id modulo HOUSE_STRIPES, a multiple of LANES). When PostgreSQL refuses a batch (an
 * Idempotency-Key seen before, a deadlock) nothing of it was written, and its operations run again
 * one by one, each meeting its own answer or error as it would alone.
 */

import { sql } from 'drizzle-orm';
import { answeredByDatabase, queryRows, type Db } from '../db/client';
import { Batches, type Outcome } from '../db/Batches';
import { HOUSE_STRIPES } from './transferKinds';

/** place_bet's arguments. */
interface PlaceOp {
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
interface CancelOp {
  op: 'cancel';
  account: number;
  bet: number;
  at: number;
}

type Op = PlaceOp | CancelOp;

/** What place_bet or cancel_bet answered (a bet row or a refusal, as JSON). */
type Answer = unknown;

/** At most this many operations a statement: each takes row locks that the batch holds until its end. */
const MOST = 64;

/** One operation in its own statement. */
async function alone(db: Db, op: Op): Promise<Answer> {
  const [row] = await queryRows<{ answer: Answer }>(
    db,
    op.op === 'place'
      ? sql`SELECT place_bet(${op.account}, ${op.amount}, ${op.autoRate}, ${op.cashoutAt}, ${op.at}::bigint,
          ${op.maxActive}, ${op.key}, ${op.fingerprint}) AS answer`
      : sql`SELECT cancel_bet(${op.account}, ${op.bet}, ${op.at}::bigint) AS answer`,
  );
  return row!.answer;
}

/** One batch: alone when it holds one operation; else bet_batch, or each alone again when PostgreSQL refused it. */
async function send(db: Db, ops: Op[]): Promise<Outcome<Answer>[]> {
  if (ops.length === 1) return Promise.allSettled([alone(db, ops[0]!)]);
  try {
    const [row] = await queryRows<{ answers: Answer[] }>(
      db,
      sql`SELECT bet_batch(${JSON.stringify(ops)}::jsonb) AS answers`,
    );
    return row!.answers.map((value) => ({ status: 'fulfilled', value }));
  } catch (error) {
    if (!answeredByDatabase(error)) throw error;
    return Promise.allSettled(ops.map((op) => alone(db, op)));
  }
}

/** Batches in the database at once, for one database: enough to keep both PostgreSQL and the server busy. */
const LANES = 4;
if (HOUSE_STRIPES % LANES !== 0) throw new Error('BetBatch: HOUSE_STRIPES must be a multiple of LANES');

const lanes = new WeakMap<Db, Batches<Op, Answer>[]>();

/** Runs a bet's placement or cancel in the next batch of its player's lane, and answers what its function answered. */
export function batched(db: Db, op: Op): Promise<Answer> {
  let ofDb = lanes.get(db);
  if (!ofDb)
    lanes.set(db, (ofDb = Array.from({ length: LANES }, () => new Batches<Op, Answer>((ops) => send(db, ops), MOST))));
  return ofDb[op.account % LANES]!.run(op);
}
