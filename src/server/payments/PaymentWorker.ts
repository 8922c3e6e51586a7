/**
 * Finishes what requests left open: credits, holds or fails submitted deposits, sends held ones
 * back, confirms, resends or releases withdrawals. Deposits and withdrawals run in loops of their own, so a slow chain answer
 * about a deposit never holds up a withdrawal (docs/reliability.md), nor the other way round.
 */

import { and, eq, isNotNull, or } from 'drizzle-orm';
import { depositIntents, withdrawals } from '../db/schema';
import type { PaymentContext } from './PaymentContext';
import { settleDeposit } from './settleDeposit';
import { returnHeldDeposit } from './returnDeposit';
import { settleWithdrawal } from './settleWithdrawal';

/** A withdrawal still unsigned after this long was left by a stopped server: nothing was sent, so its hold goes back. */
const UNSIGNED_GRACE_MS = 60_000;

/** Runs at start-up (so a restart resumes at once) and then every `intervalMs`; one pass of each loop at a time. */
export class PaymentWorker {
  private readonly loops: PassLoop[];

  constructor(
    private readonly ctx: PaymentContext,
    intervalMs: number,
  ) {
    this.loops = [
      new PassLoop(() => this.settleDeposits(), intervalMs, this.guard.bind(this)),
      new PassLoop(() => this.settleWithdrawals(), intervalMs, this.guard.bind(this)),
    ];
  }

  start(): void {
    for (const loop of this.loops) loop.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.stop()));
  }

  /** One pass over every open deposit and withdrawal; joins passes already running. Never rejects: the database may be away. */
  async runOnce(): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.runOnce()));
  }

  private async settleDeposits(): Promise<void> {
    const deposits = await this.ctx.db
      .select()
      .from(depositIntents)
      .where(
        or(
          and(eq(depositIntents.status, 'pending'), isNotNull(depositIntents.signature)),
          eq(depositIntents.status, 'held'),
        ),
      );
    for (const intent of deposits) {
      const step = intent.status === 'held' ? returnHeldDeposit : settleDeposit;
      await this.guard(() => step(this.ctx, intent), { depositId: intent.depositId });
    }
  }

  private async settleWithdrawals(): Promise<void> {
    const open = await this.ctx.db.select().from(withdrawals).where(eq(withdrawals.status, 'pending'));
    const staleBefore = Date.now() - UNSIGNED_GRACE_MS;
    for (const row of open) {
      const unsigned = row.signature === null;
      if (unsigned && row.createdAt > staleBefore) continue;
      await this.guard(
        () => settleWithdrawal(this.ctx, row, unsigned ? 'the server stopped before signing' : undefined),
        { withdrawalId: row.id },
      );
    }
  }

  private async guard(step: () => Promise<unknown>, what: object): Promise<void> {
    try {
      await step();
    } catch (error) {
      this.ctx.log.error({ err: error, ...what }, 'payment settlement failed; next pass retries');
    }
  }
}

/** A pass run now and every `intervalMs`, never two at once: a tick while one runs joins it. */
class PassLoop {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;

  constructor(
    private readonly step: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly guard: (step: () => Promise<void>, what: object) => Promise<void>,
  ) {}

  start(): void {
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pass;
  }

  runOnce(): Promise<void> {
    this.pass ??= this.guard(this.step, {}).finally(() => (this.pass = undefined));
    return this.pass;
  }
}
