/**
 * Publishes the number of connected players when it changes, at most once per interval, so a
 * thousand players joining at once is one message, not a thousand.
 */
export class OnlineCounter {
  private count = 0;
  private published = -1;
  private lastPublishedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly publish: (online: number) => void,
    private readonly intervalMs: number,
  ) {}

  /** The number of sessions now. */
  get online(): number {
    return this.count;
  }

  /** Records a change of the count (+1 or -1). */
  change(delta: number): void {
    this.count += delta;
    if (this.timer || this.stopped) return;
    const wait = this.lastPublishedAt + this.intervalMs - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Stops publishing: the pending publication and any after (sessions closing at shutdown). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    this.timer = undefined;
    if (this.count === this.published) return;
    this.published = this.count;
    this.lastPublishedAt = Date.now();
    this.publish(this.count);
  }
}
