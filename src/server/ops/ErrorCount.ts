/** Errors logged in the last hour, for the console's state: this process's, and the cluster's over the bus. */

import { randomUUID } from 'node:crypto';
import type { EventBus } from '../bus/EventBus';
import { CLUSTER_REPORT_MS, ClusterTotal, clusterReport } from '../bus/ClusterTotal';

const MINUTE_MS = 60_000;
const MINUTES = 60;

/** The bus channel on which each process reports its errors of the last hour. */
const ERROR_REPORTS = 'cluster/errors';

/** This process's errors: a minute-by-minute count. */
export class ErrorCount {
  /** Errors per minute, by the minute's number since the epoch; at most the last hour's. */
  private readonly perMinute = new Map<number, number>();

  add(now = Date.now()): void {
    const minute = Math.floor(now / MINUTE_MS);
    this.perMinute.set(minute, (this.perMinute.get(minute) ?? 0) + 1);
    for (const key of this.perMinute.keys()) if (key <= minute - MINUTES) this.perMinute.delete(key);
  }

  lastHour(now = Date.now()): number {
    const from = Math.floor(now / MINUTE_MS) - MINUTES;
    let total = 0;
    for (const [minute, count] of this.perMinute) if (minute > from) total += count;
    return total;
  }
}

/**
 * The errors of the last hour over every process (gateways and engine alike), as the players
 * online are counted: each process reports its own count every CLUSTER_REPORT_MS, so the
 * console's figure is at most that late; a process gone silent drops out with its errors.
 */
export class ClusterErrors {
  private readonly total: ClusterTotal;
  private readonly timer: NodeJS.Timeout;
  /** This process's name in the reports. */
  private readonly process = randomUUID();

  constructor(
    private readonly bus: EventBus,
    private readonly errors: ErrorCount,
  ) {
    this.total = new ClusterTotal(bus, ERROR_REPORTS);
    this.timer = setInterval(() => this.report(), CLUSTER_REPORT_MS);
    this.timer.unref();
    this.report();
  }

  lastHour(): number {
    return this.total.current;
  }

  stop(): void {
    clearInterval(this.timer);
    this.total.stop();
  }

  private report(): void {
    this.bus.publish(ERROR_REPORTS, clusterReport(this.process, this.errors.lastHour()));
    this.total.expire();
  }
}
