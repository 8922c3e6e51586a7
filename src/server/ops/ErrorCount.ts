/** Errors this process logged in the last hour, for the console's state: a minute-by-minute count. */

const MINUTE_MS = 60_000;
const MINUTES = 60;

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
