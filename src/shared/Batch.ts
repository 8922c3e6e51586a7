/**
 * Gathers items until they are taken: the first one starts a period of `everyMs`, at whose end
 * `due` is called (to take them); whoever takes them earlier sends them with something else. The
 * server gathers STOMP frames with it (server/stomp/StompServer.ts), the page a round's bet events
 * (client/round/betList.ts).
 */
export class Batch<T> {
  private pending: T[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly everyMs: number,
    private readonly due: () => void,
  ) {}

  push(item: T): void {
    this.pending.push(item);
    this.timer ??= setTimeout(() => this.due(), this.everyMs);
  }

  /** What has gathered, in arrival order; the period ends with it. */
  take(): T[] {
    clearTimeout(this.timer);
    this.timer = undefined;
    const items = this.pending;
    this.pending = [];
    return items;
  }
}
