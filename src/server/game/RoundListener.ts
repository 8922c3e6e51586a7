import type { Tx } from '../db/client';

/** A round as the engine hands it to listeners. Times are ms timestamps. */
export interface LiveRound {
  id: number;
  hash: string;
  fullRate: number;
  salt: string;
  startsAt: number;
  startedAt: number | null;
  /** The most profit the house pays in this round (hundredths), or null: uncapped. */
  maxRoundProfit: number | null;
  /** The rate every open bet is cashed out at to keep within maxRoundProfit, set at the start (null: not needed). */
  limitRate: number | null;
}

/**
 * What the round engine tells the betting side (the ledger implements it). The engine awaits
 * each call, so settlement finishes before the next event is published.
 */
export interface RoundListener {
  /** Before GAME_RATE is published: settle auto cash-outs whose target is at or below `rate`. */
  roundTick?(round: LiveRound, rate: number): Promise<void>;
  /** After the round row is ENDED, before GAME_ENDED is published: settle auto cash-outs with target < fullRate. */
  roundEnded?(round: LiveRound): Promise<void>;
  /**
   * Inside the transaction that voids the rounds left unfinished (by a stop, a crash or a database
   * outage): refund the open bets of every VOID round exactly once, so a void and its refunds
   * commit together. Returns what to announce once the transaction has committed.
   */
  roundsVoided?(tx: Tx): Promise<() => void>;
  /** Before each new round: finish an end settlement that failed or was cut off by a crash. */
  settleInterrupted?(): Promise<void>;
}
