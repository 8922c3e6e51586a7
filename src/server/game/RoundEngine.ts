import type { FastifyBaseLogger } from 'fastify';
import { HUNDREDTHS_PER_RATE, crashInstant, rateAt, rateHundredths, shownRate, targetReached } from '../../shared/growth';
import { DESTINATIONS, type GameEvent, type GameState } from '../../shared/protocol';
import type { EventBus } from '../bus/EventBus';
import type { Db, Tx } from '../db/client';
import type { Metrics } from '../metrics';
import type { GameClock } from '../clock';
import { ABANDONED_ROUNDS, type AbandonedRounds } from './AbandonedRounds';
import type { LiveRound, RoundListener } from './RoundListener';
import type { DrawnRound } from './SeedChains';
import { Deposed } from './Leadership';
import { insertRound, markEnded, markStarted, startedRounds, voidUnfinished } from './rounds';
import type { RoundCaps } from '../risk/caps';

interface RoundEngineOptions {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  metrics: Pick<Metrics, 'rounds'>;
  /** The database's clock, which gateways judge cash-outs by. */
  clock: Pick<GameClock, 'now'>;
  /** What the steps are scheduled on: the process's timers (the default), or a test's that it moves by hand with `clock`. */
  timers?: Timers;
  /** Rounds an engine gave up on: players were told they are refunded, so they are voided, never ended. */
  abandoned: Pick<AbandonedRounds, 'ids'>;
  bettingMs: number;
  pauseMs: number;
  tickMs: number;
  listeners?: RoundListener[];
  /** Where crash points come from: the seed chain (SeedChains.next), or fixed secrets in tests. */
  secrets: () => Promise<DrawnRound>;
  /** The bankroll and the caps it gives, asked once per round (none: rounds are uncapped, as in unit tests). */
  caps?: () => Promise<RoundCaps>;
  /**
   * The round cap (risk/roundCap.ts), inside the start's transaction after the last bet and before any
   * cash-out: the rate at which every open bet is cashed out to keep the round within its cap, or null.
   */
  capRound?: (tx: Tx, round: LiveRound) => Promise<number | null>;
  /** True while an operator pauses the game (docs/ops.md "Pause"): no round is created until it is false. */
  paused?: () => Promise<boolean>;
  /** Settlement roots (docs/provably-fair.md "Settlement roots"): computed once a round's bets are settled, published with its end. */
  roots?: SettlementRootsOf;
}

/** Schedules a step `ms` from now, and cancels one scheduled. */
export interface Timers {
  after(ms: number, step: () => void): unknown;
  cancel(timer: unknown): void;
}

const PROCESS_TIMERS: Timers = {
  after: (ms, step) => setTimeout(step, ms),
  cancel: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/** What the engine asks of settlement roots (src/server/proof/settlementRoots.ts). */
interface SettlementRootsOf {
  /** Computes and stores a finished round's root; returns it in hex. */
  seal(roundId: number): Promise<string>;
  /** Seals the finished rounds a failure left without one. */
  sealMissing(): Promise<unknown>;
}

/** How often a paused engine asks whether the pause has ended. */
const PAUSED_POLL_MS = 500;

/**
 * Runs rounds forever: CREATED (betting window) -> STARTED (a GAME_RATE every tick) -> ENDED at
 * the crash instant -> pause -> next round. Steps run one at a time, each persisted before its
 * event is published. A stop voids the round in progress; a failed step abandons it, and no new
 * round is created until every unfinished one is closed: a round a previous leader left flying
 * past its crash instant is ended as it would have been, the others voided and refunded (one
 * transaction).
 */
export class RoundEngine {
  private readonly listeners: RoundListener[];
  private round: LiveRound | null = null;
  private state: GameState = 'ENDED';
  private crashAt = 0;
  private stepTimer: unknown;
  private endTimer: unknown;
  private queue: Promise<void> = Promise.resolve();
  private running = false;
  private limitAnnounced = false;

  private readonly timers: Timers;

  constructor(private readonly options: RoundEngineOptions) {
    this.listeners = [...(options.listeners ?? [])];
    this.timers = options.timers ?? PROCESS_TIMERS;
  }

  /** Adds a listener (the ledger's settlement); add it before start() to see voided rounds. */
  addListener(listener: RoundListener): void {
    this.listeners.push(listener);
  }

  /** True between start() and stop(). */
  get isRunning(): boolean {
    return this.running;
  }

  /** Begins the first round, once what a previous process left unfinished is closed. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.enqueue(() => this.createRound());
    await this.queue;
  }

  /** Stops the rounds: no new step runs, and the round in progress is closed so no bet stays open. */
  async stop(): Promise<void> {
    if (!this.running) return;
    await this.abandon();
    try {
      await this.closeLeftovers();
    } catch (error) {
      this.options.log.error({ err: error }, 'could not void the round on stop; the next start will');
    }
  }

  /** Stops the rounds without writing anything: for a deposed leader, whose writes would be refused. */
  async abandon(): Promise<void> {
    this.running = false;
    this.cancelSteps();
    await this.queue;
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue
      .then(() => (this.running ? step() : undefined))
      .catch((error: unknown) => this.recover(error));
  }

  private at(time: number, step: () => Promise<void>): unknown {
    return this.timers.after(Math.max(0, time - this.now()), () => this.enqueue(step));
  }

  private cancelSteps(): void {
    this.timers.cancel(this.stepTimer);
    this.timers.cancel(this.endTimer);
  }

  private now(): number {
    return this.options.clock.now();
  }

  private async createRound(): Promise<void> {
    await this.closeLeftovers();
    for (const listener of this.listeners) await listener.settleInterrupted?.();
    await this.options.roots?.sealMissing();
    if (await this.waitWhilePaused()) return;
    const secret = await this.options.secrets();
    const caps = await this.options.caps?.();
    const createdAt = this.now();
    const startsAt = createdAt + this.options.bettingMs;
    const id = await insertRound(this.options.db, { ...secret, ...caps, createdAt, startsAt });
    this.round = {
      ...{ id, hash: secret.hash, fullRate: secret.fullRate, salt: secret.salt, startsAt, startedAt: null },
      ...{ maxRoundProfit: caps?.maxRoundProfit ?? null, limitRate: null },
    };
    this.limitAnnounced = false;
    this.state = 'CREATED';
    this.publish({
      eventType: 'GAME_CREATED',
      data: { gameId: String(id), hash: secret.hash, startsAt, serverTime: createdAt },
    });
    this.stepTimer = this.at(startsAt, () => this.startRound());
  }

  /** While paused: asks again later and answers true (the round is created once the pause ends). */
  private async waitWhilePaused(): Promise<boolean> {
    if (!(await this.options.paused?.())) return false;
    this.stepTimer = this.at(this.now() + PAUSED_POLL_MS, async () => {
      if (!(await this.waitWhilePaused())) await this.createRound();
    });
    return true;
  }

  private async startRound(): Promise<void> {
    const round = this.current();
    const startedAt = this.now();
    round.limitRate = await markStarted(this.options.db, round.id, startedAt, async (tx) =>
      this.options.capRound ? this.options.capRound(tx, round) : null,
    );
    round.startedAt = startedAt;
    this.state = 'STARTED';
    this.crashAt = crashInstant(startedAt, round.fullRate);
    this.publish({ eventType: 'GAME_STARTED', data: { gameId: String(round.id), startedAt, serverTime: startedAt } });
    this.endTimer = this.at(this.crashAt, () => this.endRound());
    this.scheduleTick(startedAt);
  }

  /** Aims the next tick at the next multiple of TICK_MS after the start, skipping missed ones. */
  private scheduleTick(startedAt: number): void {
    const tickMs = this.options.tickMs;
    // The next slot at least half a tick away, so a late tick is not followed by a hurried one.
    const next = startedAt + (Math.floor((this.now() + tickMs / 2 - startedAt) / tickMs) + 1) * tickMs;
    if (next < this.crashAt) this.stepTimer = this.at(next, () => this.tick());
  }

  private async tick(): Promise<void> {
    const round = this.current();
    const startedAt = round.startedAt ?? 0;
    const now = this.now();
    if (this.state !== 'STARTED' || now >= this.crashAt) return;
    const elapsedMs = now - startedAt;
    const rate = rateAt(elapsedMs);
    for (const listener of this.listeners) await listener.roundTick?.(round, rate);
    this.announceLimit(round, rateHundredths(rate));
    this.publish({
      eventType: 'GAME_RATE',
      data: { gameId: String(round.id), rate: shownRate(rate), elapsedMs, serverTime: now },
    });
    this.scheduleTick(startedAt);
  }

  private async endRound(): Promise<void> {
    this.timers.cancel(this.stepTimer);
    await this.end(this.current(), this.crashAt);
    this.state = 'ENDED';
    this.stepTimer = this.at(this.now() + this.options.pauseMs, () => this.createRound());
  }

  /** Ends a round at its crash instant: the row, the settlement of the auto cash-outs it reached, then GAME_ENDED with its secret. */
  private async end(round: LiveRound, crashAt: number): Promise<void> {
    const rate = rateHundredths(round.fullRate);
    const time = Math.round(crashAt);
    await markEnded(this.options.db, round.id, time, rate);
    let settlementRoot: string | undefined;
    try {
      for (const listener of this.listeners) await listener.roundEnded?.(round);
      // Off the betting path: once every bet of the round is settled (a failed settlement leaves it to sealMissing).
      settlementRoot = await this.seal(round.id);
    } catch (error) {
      // The crash is a fact players must see; what was left unpaid is paid before the next round.
      this.options.log.error({ err: error, gameId: String(round.id) }, 'settling the round end failed');
    }
    // Reached between the last tick and the crash: the end settlement paid it.
    if (round.limitRate !== null && targetReached(round.limitRate, round.fullRate)) this.announceLimit(round, round.limitRate);
    const ended = {
      gameId: String(round.id),
      rate: rate / HUNDREDTHS_PER_RATE,
      fullRate: round.fullRate,
      hash: round.hash,
      salt: round.salt,
      time,
      ...(settlementRoot && { settlementRoot }),
    };
    this.publish({ eventType: 'GAME_ENDED', data: ended });
    this.options.metrics.rounds.inc({ state: 'ended' });
    this.options.log.info(
      { gameId: ended.gameId, rate: ended.rate, fullRate: round.fullRate, flightMs: time - (round.startedAt ?? time) },
      'round ended',
    );
  }

  /**
   * GAME_LIMIT (docs/architecture.md "House limits"), once a round, when the rate reaches the round's limit rate: the
   * settlement has just cashed every open bet out at it.
   */
  private announceLimit(round: LiveRound, rate: number): void {
    if (this.limitAnnounced || round.limitRate === null || rate < round.limitRate) return;
    this.limitAnnounced = true;
    const limit = { gameId: String(round.id), rate: round.limitRate / HUNDREDTHS_PER_RATE };
    this.publish({ eventType: 'GAME_LIMIT', data: limit });
    this.options.log.info(limit, 'house limit reached');
  }

  private async seal(roundId: number): Promise<string | undefined> {
    return this.options.roots?.seal(roundId);
  }

  private current(): LiveRound {
    if (!this.round) throw new Error('no round in progress');
    return this.round;
  }

  private publish(event: GameEvent): void {
    this.options.bus.publish(DESTINATIONS.game, JSON.stringify(event));
  }

  /**
   * Ends every round left flying past its crash instant (a previous leader stopped, paused or was
   * cut off before it could), as if its leader had: gateways judged its cash-outs by the clock, so
   * voiding it would refund bets the crash already beat. Then voids what is left.
   */
  private async closeLeftovers(): Promise<void> {
    const abandoned = new Set(this.options.abandoned.ids());
    for (const row of await startedRounds(this.options.db)) {
      const crashAt = crashInstant(row.startedAt, row.fullRate);
      if (crashAt > this.now() || abandoned.has(row.id)) continue;
      this.options.log.warn({ gameId: String(row.id) }, 'ending a round left flying past its crash');
      await this.end(row, crashAt);
    }
    await this.voidLeftovers();
  }

  /** Voids every unfinished round and refunds its bets in one transaction, then tells players. */
  private async voidLeftovers(): Promise<void> {
    const { voided, announcements } = await this.options.db.transaction(async (tx) => {
      const voided = await voidUnfinished(tx, this.now());
      const announcements: (() => void)[] = [];
      for (const listener of this.listeners)
        if (listener.roundsVoided) announcements.push(await listener.roundsVoided(tx));
      return { voided, announcements };
    });
    for (const { id, fullRate, hash, salt } of voided) {
      this.options.log.warn({ gameId: String(id) }, 'round voided: it was left unfinished');
      this.options.metrics.rounds.inc({ state: 'void' });
      const settlementRoot = await this.seal(id).catch((error: unknown) => {
        this.options.log.error({ err: error, gameId: String(id) }, 'the settlement root of a voided round failed');
      });
      const data = { gameId: String(id), fullRate, hash, salt, ...(settlementRoot && { settlementRoot }) };
      this.publish({ eventType: 'GAME_VOIDED', data });
    }
    for (const announce of announcements) announce();
  }

  /**
   * A step failed (the database went away?): the round in progress is abandoned at once, so no
   * cash-out is accepted on it, and voided with its refunds before any new round is created.
   */
  private async recover(error: unknown): Promise<void> {
    if (error instanceof Deposed) {
      this.options.log.warn('deposed: another engine leads the rounds now');
      this.running = false;
      this.cancelSteps();
      return;
    }
    this.options.log.error({ err: error }, 'round step failed; abandoning the round');
    this.cancelSteps();
    if (this.round && this.state !== 'ENDED') this.options.bus.publish(ABANDONED_ROUNDS, String(this.round.id));
    this.state = 'ENDED';
    if (!this.running) return;
    this.stepTimer = this.at(this.now() + Math.max(this.options.pauseMs, 1000), () => this.createRound());
  }
}
