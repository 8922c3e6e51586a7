import type { EventBus } from './EventBus';

/** A process reports its figure at least this often, so a figure is known to be current. */
export const CLUSTER_REPORT_MS = 5000;
/** A process silent this long is gone (killed without a goodbye): its figure no longer counts. */
const REPORT_TTL_MS = 3 * CLUSTER_REPORT_MS;

interface Report {
  process: string;
  count: number;
}

/**
 * A figure summed over every process of a cluster (the players online, the errors of the last
 * hour): each process reports its own on a bus channel and this keeps the latest of each. With
 * one process it is that process's figure.
 */
export class ClusterTotal {
  private readonly counts = new Map<string, { count: number; seenAt: number }>();
  private readonly unsubscribe: () => void;
  private total = -1;

  constructor(
    bus: EventBus,
    channel: string,
    /** Called with the total whenever it changes. */
    private readonly changed: (total: number) => void = () => {},
  ) {
    this.unsubscribe = bus.subscribe(channel, (json) => this.receive(JSON.parse(json) as Report));
  }

  /** The latest total (0 before any report). */
  get current(): number {
    return Math.max(0, this.total);
  }

  /** Forgets processes that stopped reporting; call it every CLUSTER_REPORT_MS or so. */
  expire(now = Date.now()): void {
    for (const [process, { seenAt }] of this.counts) if (now - seenAt > REPORT_TTL_MS) this.counts.delete(process);
    this.sum();
  }

  stop(): void {
    this.unsubscribe();
  }

  private receive(report: Report): void {
    if (typeof report.process !== 'string' || !Number.isSafeInteger(report.count)) return;
    this.counts.set(report.process, { count: report.count, seenAt: Date.now() });
    this.sum();
  }

  private sum(): void {
    let total = 0;
    for (const { count } of this.counts.values()) total += count;
    if (total === this.total) return;
    this.total = total;
    this.changed(total);
  }
}

/** The message a process reports its figure with. */
export function clusterReport(process: string, count: number): string {
  return JSON.stringify({ process, count } satisfies Report);
}
