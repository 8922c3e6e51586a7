/**
 * Receipts of settled bets (docs/provably-fair.md "Receipts"): what a cash-out by hand saw and got,
 * signed when it is answered, and the same receipt for any settled bet of the player's on request.
 * A receipt is made again from the bet's row and its press: Ed25519 signatures are deterministic,
 * so the same facts under the same key give the same bytes.
 */

import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { HUNDREDTHS_PER_RATE } from '../../shared/growth';
import type { Receipt, ReceiptPayload } from '../../shared/protocol';
import type { Db } from '../db/client';
import { bets, cashOutPresses, rounds } from '../db/schema';
import type { BetRow } from '../betting/betRows';
import { Refusal } from '../Refusal';
import type { ReceiptSigner } from './ReceiptSigner';

/** A press of the cash-out button as the server got it; rates in hundredths. */
export interface Press {
  betId: number;
  seenRate: number | null;
  acceptedRate: number | null;
  receivedAt: number;
}

type Facts = Omit<ReceiptPayload, 'keyId'>;

const asRate = (hundredths: number | null) => (hundredths === null ? null : hundredths / HUNDREDTHS_PER_RATE);

/** The seen rate as the page sent it, in hundredths (it shows two decimals). */
export const seenHundredths = (seenRate: number | undefined) =>
  seenRate === undefined ? null : Math.round(seenRate * HUNDREDTHS_PER_RATE);

/** The facts of a bet's receipt: its row, its round's end, and the press by hand if there was one. */
function factsOf(bet: BetRow, roundEndedAt: number | null, press: Press | undefined): Facts {
  const pressed = { seenRate: asRate(press?.seenRate ?? null), receivedAt: press?.receivedAt ?? null };
  const base = { amount: bet.amount, betId: String(bet.id), gameId: String(bet.roundId), ...pressed };
  if (bet.status === 'CASHED_OUT')
    return {
      ...base,
      outcome: 'cashout',
      acceptedRate: asRate(bet.rate),
      auto: (press?.acceptedRate ?? null) === null,
      settledAt: bet.settledAt,
      winAmount: bet.winAmount ?? 0,
    };
  if (bet.status === 'VOID')
    return {
      ...base,
      outcome: 'refund',
      acceptedRate: null,
      auto: false,
      settledAt: bet.settledAt,
      winAmount: bet.amount,
    };
  return { ...base, outcome: 'loss', acceptedRate: null, auto: false, settledAt: roundEndedAt, winAmount: 0 };
}

/** The receipt of a cash-out by hand that was paid, as its answer carries it. */
export function paidReceipt(signer: ReceiptSigner, paid: BetRow, press: Press): Receipt {
  return signer.sign(factsOf(paid, null, press));
}

/** The receipt of a cash-out by hand refused because it arrived after the crash: the bet as it stood, refused at `now`. */
export function refusedReceipt(signer: ReceiptSigner, bet: BetRow, press: Press, now: number): Receipt {
  return signer.sign({ ...factsOf(bet, null, press), outcome: 'refused', settledAt: now });
}

/** The player's own bet, or null. */
export async function ownBet(db: Db, accountId: number, betId: number): Promise<BetRow | null> {
  const [row] = await db
    .select()
    .from(bets)
    .where(and(eq(bets.id, betId), eq(bets.accountId, accountId)));
  return row ?? null;
}

/** GET /bet/{betId}/receipt: the receipt of one of the player's settled bets. */
export async function settledReceipt(
  db: Db,
  signer: ReceiptSigner,
  presses: PressLog,
  accountId: number,
  betId: number,
): Promise<Receipt> {
  const [row] = await db
    .select({ bet: bets, round: { state: rounds.state, endedAt: rounds.endedAt }, press: cashOutPresses })
    .from(bets)
    .innerJoin(rounds, eq(rounds.id, bets.roundId))
    .leftJoin(cashOutPresses, eq(cashOutPresses.betId, bets.id))
    .where(and(eq(bets.id, betId), eq(bets.accountId, accountId)));
  if (!row) throw new Refusal('not_found', 'No such bet');
  const { bet, round } = row;
  if (bet.status === 'CANCELED') throw new Refusal('conflict', 'This bet was canceled');
  if (bet.status === 'CREATED' && round.state !== 'ENDED') throw new Refusal('conflict', 'This bet is not settled yet');
  return signer.sign(factsOf(bet, round.endedAt, row.press ?? presses.pending(betId)));
}

/** How long presses wait to be written together. */
const FLUSH_MS = 100;
/** Written at once when this many wait. */
const FLUSH_ROWS = 200;

/**
 * Writes presses in batches, off the cash-out's transaction and its answer: one INSERT for every
 * press of the last 100 ms. The first press of a bet is kept. A press not yet written is read from
 * here (`pending`), so this process's receipts include it.
 */
export class PressLog {
  private queue = new Map<number, Press>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(press: Press): void {
    if (!this.queue.has(press.betId)) this.queue.set(press.betId, press);
    if (this.queue.size >= FLUSH_ROWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  pending(betId: number): Press | undefined {
    return this.queue.get(betId);
  }

  /** Writes what waits; resolves once every write started so far has finished. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.queue.values()];
    if (rows.length > 0) {
      this.writing = this.writing.then(() => this.write(rows));
    }
    return this.writing;
  }

  private async write(rows: Press[]): Promise<void> {
    try {
      await this.db.insert(cashOutPresses).values(rows).onConflictDoNothing();
    } catch (error) {
      this.log.warn({ err: error, presses: rows.length }, 'cash-out presses were not recorded');
    } finally {
      for (const row of rows) if (this.queue.get(row.betId) === row) this.queue.delete(row.betId);
    }
  }
}
