/**
 * Answers of expensive reads kept for a few seconds: every caller within `ttlMs` shares one load
 * (one database query or chain call however many ask), and at most `maxEntries` keys are kept.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The answer for `key` loaded less than ttlMs ago, else a new load; a failed load is not kept. */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
