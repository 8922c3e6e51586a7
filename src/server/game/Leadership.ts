import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import type { LockSession } from '../db/lockSession';
import { leadership } from '../db/schema';

/** Thrown by a write of a round when another engine leads now: the write is rolled back. */
export class Deposed extends Error {
  constructor() {
    super('another engine leads the rounds now');
  }
}

/** What runs while this process leads. */
interface Led {
  start(): Promise<void>;
  /** A graceful stop: finish or void the round in progress. */
  stop(): Promise<void>;
  /** Deposed: stop at once and write nothing (the writes would be refused anyway). */
  abandon(): Promise<void>;
}

interface LeadershipOptions {
  db: Db;
  /** The advisory lock's session; null on the embedded database, which only this process opens. */
  session: LockSession | null;
  log: FastifyBaseLogger;
  /** How often a standby tries for the lock and the leader checks its session. */
  pollMs: number;
}

/**
 * Elects the engine that runs the rounds. Engines compete for a PostgreSQL advisory lock held by a
 * session of its own; the winner bumps the epoch in the leadership row and starts the rounds. Every
 * write of a round runs in a transaction that first checks that epoch (fence()), so an engine that
 * lost the lock without knowing it (paused, cut off) cannot start, settle or end anything.
 */
export class Leadership {
  private epoch: number | null = null;
  private led: Led | undefined;
  private timer: NodeJS.Timeout | undefined;
  private turn: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly holder = `${hostname()}:${process.pid}`;

  constructor(private readonly options: LeadershipOptions) {}

  /** True while this process leads (as far as it knows: fence() has the last word). */
  get leading(): boolean {
    return this.epoch !== null;
  }

  /** Throws Deposed unless this process leads at the epoch the row holds; the row stays locked FOR SHARE until commit. */
  async fence(tx: Tx): Promise<void> {
    const epoch = this.epoch;
    if (epoch === null) throw new Deposed();
    const [row] = await tx
      .select({ epoch: leadership.epoch })
      .from(leadership)
      .where(eq(leadership.id, 1))
      .for('share');
    if (row?.epoch === epoch) return;
    if (this.epoch === epoch) this.epoch = null;
    throw new Deposed();
  }

  /** Tries for the lead once at once (so a lone process runs rounds when this resolves), then keeps trying. */
  async start(led: Led): Promise<void> {
    this.led = led;
    this.stopped = false;
    await this.step();
    this.schedule();
  }

  /** Stops competing; a leader stops its rounds gracefully first, then lets the lock go. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.turn;
    if (this.epoch !== null) await this.led?.stop();
    this.epoch = null;
    await this.options.session?.close();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.step().then(() => this.schedule());
    }, this.options.pollMs);
  }

  /** One turn: a leader checks it still holds the lock; a standby tries to take it. */
  private step(): Promise<void> {
    this.turn = this.turn.then(() => (this.epoch === null ? this.tryLead() : this.checkLead()));
    return this.turn;
  }

  private async tryLead(): Promise<void> {
    const { session, db, log } = this.options;
    if (this.stopped || !this.led) return;
    try {
      if (session && !(await session.tryLock())) return;
      const [row] = await db
        .update(leadership)
        .set({ epoch: sql`${leadership.epoch} + 1`, holder: this.holder, since: Date.now() })
        .where(eq(leadership.id, 1))
        .returning({ epoch: leadership.epoch });
      if (!row) throw new Error('the leadership row is missing');
      this.epoch = row.epoch;
      log.info({ epoch: row.epoch }, 'this engine leads the rounds now');
      await this.led.start();
    } catch (error) {
      log.error({ err: error }, 'could not take the lead; trying again');
      await this.stepDown();
      await session?.release();
    }
  }

  private async checkLead(): Promise<void> {
    const { session, log } = this.options;
    if (!session || (await session.holds())) return;
    log.warn({ epoch: this.epoch }, 'lost the leader session: stopping the rounds, another engine will take over');
    await this.stepDown();
  }

  private async stepDown(): Promise<void> {
    this.epoch = null;
    try {
      await this.led?.abandon();
    } catch (error) {
      this.options.log.error({ err: error }, 'stopping the rounds failed');
    }
  }
}

/**
 * The database as a leader writes to it: every transaction first passes the fence. Writes of a
 * round must run in a transaction (a lone UPDATE outside one would not be fenced).
 */
export function fencedDb(db: Db, fence: (tx: Tx) => Promise<void>): Db {
  const fenced = Object.create(db) as Db;
  fenced.transaction = ((run: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) =>
    db.transaction(async (tx) => {
      await fence(tx);
      return run(tx);
    }, config)) as Db['transaction'];
  return fenced;
}
