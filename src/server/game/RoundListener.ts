/** A round as the engine hands it to listeners. Times are ms timestamps. */
export interface LiveRound {
  id: number;
  hash: string;
  fullRate: number;
  salt: string;
  startsAt: number;
  startedAt: number | null;
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
  /** At start-up, for each round left unfinished by a stop: refund its open bets exactly once. */
  roundVoided?(roundId: number): Promise<void>;
  /** Before each new round: finish an end settlement that failed or was cut off by a crash. */
  settleInterrupted?(): Promise<void>;
}
