/** Finishes what requests left open: credits or fails submitted deposits, confirms, resends or releases withdrawals. */

import { and, eq, isNotNull } from 'drizzle-orm';
import { depositIntents, withdrawals } from '../db/schema';
import type { PaymentContext } from './PaymentContext';
import { settleDeposit } from './settleDeposit';
import { settleWithdrawal } from './settleWithdrawal';

/** A withdrawal still unsigned after this long was left by a stopped server: nothing was sent, so its hold goes back. */
const UNSIGNED_GRACE_MS = 60_000;

/** Runs at start-up (so a restart resumes at once) and then every `intervalMs`; one pass at a time. */
export class PaymentWorker {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;

  constructor(
    private readonly ctx: PaymentContext,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pass;
  }

  /** One pass over every open deposit and withdrawal; joins a pass already running. Never rejects: the database may be away. */
  runOnce(): Promise<void> {
    this.pass ??= this.guard(() => this.settleAll(), {}).finally(() => (this.pass = undefined));
    return this.pass;
  }

  private async settleAll(): Promise<void> {
    const { db } = this.ctx;
    const deposits = await db
      .select()
      .from(depositIntents)
      .where(and(eq(depositIntents.status, 'pending'), isNotNull(depositIntents.signature)));
    for (const intent of deposits)
      await this.guard(() => settleDeposit(this.ctx, intent), { depositId: intent.depositId });
    const open = await db.select().from(withdrawals).where(eq(withdrawals.status, 'pending'));
    const staleBefore = Date.now() - UNSIGNED_GRACE_MS;
    for (const row of open) {
      const unsigned = row.signature === null;
      if (unsigned && row.createdAt > staleBefore) continue;
      await this.guard(
        () => settleWithdrawal(this.ctx, row, unsigned ? 'the server stopped before signing' : undefined),
        {
          withdrawalId: row.id,
        },
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
