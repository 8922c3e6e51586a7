import type { EventBus } from '../bus/EventBus';

/** The bus channel on which each gateway reports its own count (players never see it). */
export const ONLINE_REPORTS = 'cluster/online';
/** A gateway reports its count at least this often, so a count is known to be current. */
export const ONLINE_REPORT_MS = 5000;
/** A gateway silent this long is gone (killed without a goodbye): its players no longer count. */
const REPORT_TTL_MS = 3 * ONLINE_REPORT_MS;

interface Report {
  gateway: string;
  online: number;
}

/**
 * The number of players online over every gateway: the sum of the latest count each gateway
 * reported over the bus. With one process it is that process's count.
 */
export class OnlineTotal {
  private readonly counts = new Map<string, { online: number; seenAt: number }>();
  private readonly unsubscribe: () => void;
  private total = -1;

  constructor(
    bus: EventBus,
    /** Called with the total whenever it changes. */
    private readonly changed: (total: number) => void,
  ) {
    this.unsubscribe = bus.subscribe(ONLINE_REPORTS, (json) => this.receive(JSON.parse(json) as Report));
  }

  /** The latest total (0 before any report). */
  get current(): number {
    return Math.max(0, this.total);
  }

  /** Forgets gateways that stopped reporting; call it every ONLINE_REPORT_MS or so. */
  expire(now = Date.now()): void {
    for (const [gateway, { seenAt }] of this.counts) if (now - seenAt > REPORT_TTL_MS) this.counts.delete(gateway);
    this.sum();
  }

  stop(): void {
    this.unsubscribe();
  }

  private receive(report: Report): void {
    if (typeof report.gateway !== 'string' || !Number.isSafeInteger(report.online)) return;
    this.counts.set(report.gateway, { online: report.online, seenAt: Date.now() });
    this.sum();
  }

  private sum(): void {
    let total = 0;
    for (const { online } of this.counts.values()) total += online;
    if (total === this.total) return;
    this.total = total;
    this.changed(total);
  }
}

/** The message a gateway reports its count with. */
export function onlineReport(gateway: string, online: number): string {
  return JSON.stringify({ gateway, online } satisfies Report);
}
