import type { FastifyBaseLogger } from 'fastify';
import { crashInstant, rateAt, rateHundredths, shownRate } from '../../shared/growth';
import { DESTINATIONS, type GameEvent, type GameState } from '../../shared/protocol';
import type { EventBus } from '../bus/EventBus';
import type { Db } from '../db/client';
import type { Metrics } from '../metrics';
import type { LiveRound, RoundListener } from './RoundListener';
import type { DrawnRound } from './SeedChains';
import { Deposed } from './Leadership';
import { insertRound, markEnded, markStarted, voidUnfinished } from './rounds';

export interface RoundEngineOptions {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  metrics: Pick<Metrics, 'rounds'>;
  bettingMs: number;
  pauseMs: number;
  tickMs: number;
  listeners?: RoundListener[];
  /** Where crash points come from: the seed chain (SeedChains.next), or fixed secrets in tests. */
  secrets: () => Promise<DrawnRound>;
}

/**
 * Runs rounds forever: CREATED (betting window) -> STARTED (a GAME_RATE every tick) -> ENDED at
 * the crash instant -> pause -> next round. Steps run one at a time, each persisted before its
 * event is published; a stop voids the round in progress, and so does the next start after a crash.
 */
export class RoundEngine {
  private readonly listeners: RoundListener[];
  private round: LiveRound | null = null;
  private state: GameState = 'ENDED';
  private crashAt = 0;
  private stepTimer: NodeJS.Timeout | undefined;
  private endTimer: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();
  private running = false;

  constructor(private readonly options: RoundEngineOptions) {
    this.listeners = [...(options.listeners ?? [])];
  }

  /** Adds a listener (the ledger's settlement); add it before start() to see voided rounds. */
  addListener(listener: RoundListener): void {
    this.listeners.push(listener);
  }

  /** True between start() and stop(). */
  get isRunning(): boolean {
    return this.running;
  }

  /** Voids what a previous process left unfinished, then begins the first round. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.voidLeftovers();
    this.running = true;
    this.enqueue(() => this.createRound());
    await this.queue;
  }

  /** Stops the rounds: no new step runs, and the round in progress is voided so no bet stays open. */
  async stop(): Promise<void> {
    if (!this.running) return;
    await this.abandon();
    try {
      await this.voidLeftovers();
    } catch (error) {
      this.options.log.error({ err: error }, 'could not void the round on stop; the next start will');
    }
  }

  /** Stops the rounds without writing anything: for a deposed leader, whose writes would be refused. */
  async abandon(): Promise<void> {
    this.running = false;
    clearTimeout(this.stepTimer);
    clearTimeout(this.endTimer);
    await this.queue;
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue
      .then(() => (this.running ? step() : undefined))
      .catch((error: unknown) => this.recover(error));
  }

  private at(time: number, step: () => Promise<void>): NodeJS.Timeout {
    return setTimeout(() => this.enqueue(step), Math.max(0, time - Date.now()));
  }

  private async createRound(): Promise<void> {
    for (const listener of this.listeners) await listener.settleInterrupted?.();
    const secret = await this.options.secrets();
    const createdAt = Date.now();
    const startsAt = createdAt + this.options.bettingMs;
    const id = await insertRound(this.options.db, { ...secret, createdAt, startsAt });
    this.round = { id, hash: secret.hash, fullRate: secret.fullRate, salt: secret.salt, startsAt, startedAt: null };
    this.state = 'CREATED';
    this.publish({
      eventType: 'GAME_CREATED',
      data: { gameId: String(id), hash: secret.hash, startsAt, serverTime: createdAt },
    });
    this.stepTimer = this.at(startsAt, () => this.startRound());
  }

  private async startRound(): Promise<void> {
    const round = this.current();
    const startedAt = Date.now();
    await markStarted(this.options.db, round.id, startedAt);
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
    const next = startedAt + (Math.floor((Date.now() + tickMs / 2 - startedAt) / tickMs) + 1) * tickMs;
    if (next < this.crashAt) this.stepTimer = this.at(next, () => this.tick());
  }

  private async tick(): Promise<void> {
    const round = this.current();
    const startedAt = round.startedAt ?? 0;
    const now = Date.now();
    if (this.state !== 'STARTED' || now >= this.crashAt) return;
    const elapsedMs = now - startedAt;
    const rate = rateAt(elapsedMs);
    for (const listener of this.listeners) await listener.roundTick?.(round, rate);
    const shown = Math.min(shownRate(rate), shownRate(round.fullRate));
    this.publish({
      eventType: 'GAME_RATE',
      data: { gameId: String(round.id), rate: shown, elapsedMs, serverTime: now },
    });
    this.scheduleTick(startedAt);
  }

  private async endRound(): Promise<void> {
    const round = this.current();
    clearTimeout(this.stepTimer);
    const rate = rateHundredths(round.fullRate);
    const time = Math.round(this.crashAt);
    await markEnded(this.options.db, round.id, time, rate);
    this.state = 'ENDED';
    try {
      for (const listener of this.listeners) await listener.roundEnded?.(round);
    } catch (error) {
      // The crash is a fact players must see; what was left unpaid is paid before the next round.
      this.options.log.error({ err: error, gameId: String(round.id) }, 'settling the round end failed');
    }
    const ended = {
      gameId: String(round.id),
      rate: rate / 100,
      fullRate: round.fullRate,
      hash: round.hash,
      salt: round.salt,
      time,
    };
    this.publish({ eventType: 'GAME_ENDED', data: ended });
    this.options.metrics.rounds.inc({ state: 'ended' });
    this.options.log.info(
      { gameId: ended.gameId, rate: ended.rate, fullRate: round.fullRate, flightMs: time - (round.startedAt ?? time) },
      'round ended',
    );
    this.stepTimer = this.at(Date.now() + this.options.pauseMs, () => this.createRound());
  }

  private current(): LiveRound {
    if (!this.round) throw new Error('no round in progress');
    return this.round;
  }

  private publish(event: GameEvent): void {
    this.options.bus.publish(DESTINATIONS.game, JSON.stringify(event));
  }

  /** Voids every unfinished round and lets the listeners refund their bets. */
  private async voidLeftovers(): Promise<void> {
    const ids = await voidUnfinished(this.options.db, Date.now());
    for (const id of ids) {
      this.options.log.warn({ gameId: String(id) }, 'round voided: it was left unfinished');
      this.options.metrics.rounds.inc({ state: 'void' });
      for (const listener of this.listeners) await listener.roundVoided?.(id);
    }
  }

  /** A step failed (the database went away?): void the round and try a new one after the pause. */
  private async recover(error: unknown): Promise<void> {
    if (error instanceof Deposed) {
      this.options.log.warn('deposed: another engine leads the rounds now');
      this.running = false;
      clearTimeout(this.stepTimer);
      clearTimeout(this.endTimer);
      return;
    }
    this.options.log.error({ err: error }, 'round step failed; voiding the round');
    clearTimeout(this.stepTimer);
    clearTimeout(this.endTimer);
    this.state = 'ENDED';
    if (!this.running) return;
    try {
      await this.voidLeftovers();
    } catch (voidError) {
      this.options.log.error({ err: voidError }, 'could not void the round');
    }
    this.stepTimer = this.at(Date.now() + Math.max(this.options.pauseMs, 1000), () => this.createRound());
  }
}
