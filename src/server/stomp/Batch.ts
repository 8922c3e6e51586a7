/**
 * Gathers messages until they are taken: the first one starts a period of `everyMs`, at whose end
 * `due` is called (to take them); whoever takes them earlier sends them with something else.
 */
export class Batch {
  private pending: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly everyMs: number,
    private readonly due: () => void,
  ) {}

  push(message: string): void {
    this.pending.push(message);
    this.timer ??= setTimeout(() => this.due(), this.everyMs).unref();
  }

  /** What has gathered, in arrival order; the period ends with it. */
  take(): string[] {
    clearTimeout(this.timer);
    this.timer = undefined;
    const messages = this.pending;
    this.pending = [];
    return messages;
  }
}
