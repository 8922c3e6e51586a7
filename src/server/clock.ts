/**
 * The game's clock: PostgreSQL's clock, as this process reads it. Every process measures the
 * offset of its own clock to the database's with a query (and again every SYNC_EVERY_MS), so
 * round times an engine writes and cash-out instants a gateway stamps are on one clock however
 * far the hosts' clocks drift apart. Epoch milliseconds that only move forward, so neither a
 * new measurement nor a wall clock stepped back can reopen an ended round.
 */

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from './db/client';

/** How often the offset to the database's clock is measured again. */
const SYNC_EVERY_MS = 10_000;
/** Queries per measurement: the one that answered fastest gives the offset (its error is at most half its round trip). */
const SAMPLES = 5;

export class GameClock {
  private offsetMs = 0;
  private last = 0;
  private timer: NodeJS.Timeout | undefined;

  /** `skewMs` moves this process's wall clock (TEST_CLOCK_OFFSET_MS, for tests only). */
  constructor(private readonly skewMs = 0) {}

  /** Now on the database's clock, in epoch ms. */
  now(): number {
    this.last = Math.max(this.last, Math.floor(this.wall() + this.offsetMs));
    return this.last;
  }

  /** Measures the offset once, then keeps measuring it until stop(). */
  async start(db: Db, log: FastifyBaseLogger): Promise<void> {
    await this.sync(db);
    this.timer = setInterval(() => {
      this.sync(db).catch((error: unknown) =>
        log.warn({ err: error }, 'could not read the database clock: keeping the last offset'),
      );
    }, SYNC_EVERY_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async sync(db: Db): Promise<void> {
    let best = { roundTrip: Infinity, offset: 0 };
    for (let i = 0; i < SAMPLES; i++) {
      const sent = this.wall();
      const [row] = await queryRows<{ now: number }>(
        db,
        sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as now`,
      );
      const received = this.wall();
      if (received - sent < best.roundTrip)
        best = { roundTrip: received - sent, offset: Number(row!.now) - (sent + received) / 2 };
    }
    this.offsetMs = best.offset;
  }

  private wall(): number {
    return performance.timeOrigin + performance.now() + this.skewMs;
  }
}
