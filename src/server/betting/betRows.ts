/** Bet rows as players see them, and closing many bets at once (voided rounds' refunds). */

import { sql } from 'drizzle-orm';
import type { Bet, BetEvent, BetEventType } from '../../shared/protocol';
import { DESTINATIONS } from '../../shared/protocol';
import type { EventBus } from '../bus/EventBus';
import { queryRows, type Tx } from '../db/client';
import type { Metrics } from '../metrics';
import type { bets, BetStatus } from '../db/schema';
import { creditMany } from './balance';

/** A row of the bets table. */
export type BetRow = typeof bets.$inferSelect;

/** A bet row as the database's functions return it (to_jsonb of the row). */
export interface BetJson {
  id: number;
  round_id: number;
  account_id: number;
  amount: number;
  status: BetStatus;
  auto_rate: number | null;
  cashout_at: number;
  rate: number | null;
  win_amount: number | null;
  created_at: number;
  settled_at: number | null;
}

export function betFromJson(json: BetJson): BetRow {
  return {
    id: json.id,
    roundId: json.round_id,
    accountId: json.account_id,
    amount: json.amount,
    status: json.status,
    autoRate: json.auto_rate,
    cashoutAt: json.cashout_at,
    rate: json.rate,
    winAmount: json.win_amount,
    createdAt: json.created_at,
    settledAt: json.settled_at,
  };
}

/** A stored status as the wire names it: the spec calls a cash-out REFUNDED (docs/glossary.md). */
const WIRE_STATUS = {
  CREATED: 'CREATED',
  CASHED_OUT: 'REFUNDED',
  CANCELED: 'CANCELED',
  VOID: 'VOID',
} as const satisfies Record<BetStatus, Bet['status']>;

/** A bet on the wire: amounts in hundredths, the cash-out rate as a multiplier. */
export function toBet(
  row: Pick<BetRow, 'id' | 'status' | 'createdAt' | 'amount' | 'rate' | 'winAmount'>,
  nickname: string,
): Bet {
  return {
    betId: String(row.id),
    status: WIRE_STATUS[row.status],
    time: row.createdAt,
    nickname,
    amount: row.amount,
    rate: row.rate === null ? null : row.rate / 100,
    winAmount: row.winAmount,
  };
}

/** Where bet events go: every player, over the bus, and the operator's counters. */
export interface BetOutlet {
  bus: EventBus;
  metrics: Metrics;
}

/** Tells every player about a bet (the STOMP layer fans the bus out to /api/v1/ws/bets/info) and counts it. */
export function publishBet(outlet: BetOutlet, eventType: BetEventType, bet: Bet): void {
  publishBets(outlet, eventType, [bet]);
}

/** `publishBet` for many bets of one kind (a tick's wins, a void's refunds), counted once. */
export function publishBets(outlet: BetOutlet, eventType: BetEventType, bets: readonly Bet[]): void {
  if (bets.length === 0) return;
  let hundredths = 0;
  for (const bet of bets) {
    outlet.bus.publish(DESTINATIONS.bets, JSON.stringify({ eventType, data: bet } satisfies BetEvent));
    hundredths += eventType === 'BET_REFUNDED' ? (bet.winAmount ?? 0) : bet.amount;
  }
  outlet.metrics.betEvents.inc({ event: eventType }, bets.length);
  const flow = eventType === 'BET_CREATED' ? 'wagered' : eventType === 'BET_REFUNDED' ? 'won' : 'returned';
  outlet.metrics.betHundredths.inc({ flow }, hundredths);
}

/**
 * Closes open bets (already locked FOR UPDATE) as `settled` says (status, rate, win, settledAt)
 * and credits each its `credit` under (kind, bet id): two statements for any number of bets.
 */
export async function closeBets(
  tx: Tx,
  settled: BetRow[],
  kind: 'win' | 'void_refund',
  credit: (bet: BetRow) => number,
): Promise<void> {
  await recordSettled(tx, settled);
  await creditMany(
    tx,
    settled.map((bet) => ({ accountId: bet.accountId, delta: BigInt(credit(bet)), kind, ref: String(bet.id) })),
  );
}

/** Writes the outcome of open bets in one statement. */
async function recordSettled(tx: Tx, settled: BetRow[]): Promise<void> {
  if (settled.length === 0) return;
  const outcomes = JSON.stringify(
    settled.map((bet) => ({
      id: bet.id,
      status: bet.status,
      rate: bet.rate,
      win_amount: bet.winAmount,
      settled_at: bet.settledAt,
    })),
  );
  const updated = await queryRows(
    tx,
    sql`UPDATE bets b SET status = o.status, rate = o.rate, win_amount = o.win_amount, settled_at = o.settled_at
        FROM jsonb_to_recordset(${outcomes}::jsonb) AS o(id bigint, status text, rate int, win_amount bigint, settled_at bigint)
        WHERE b.id = o.id AND b.status = 'CREATED'
        RETURNING b.id`,
  );
  if (updated.length !== settled.length) throw new Error('recordSettled: a bet was not open');
}
