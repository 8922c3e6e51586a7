/**
 * Gathers messages and hands them on together: the first one starts a period of `everyMs`, at
 * whose end (or at an earlier send()) everything gathered goes out at once, in arrival order.
 */
export class Batch {
  private pending: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly everyMs: number,
    private readonly flush: (messages: string[]) => void,
  ) {}

  push(message: string): void {
    this.pending.push(message);
    this.timer ??= setTimeout(() => this.send(), this.everyMs).unref();
  }

  /** Hands on what has gathered now. */
  send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const messages = this.pending;
    this.pending = [];
    this.flush(messages);
  }
}
