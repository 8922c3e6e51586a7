/**
 * Group commit: the requests that arrive while a batch is in the database wait for it and then go
 * together in the next, one batch at a time, so a burst costs a few round trips instead of one
 * each (BetBatch.ts for bets and cancels, auth/Tokens.ts for the session check).
 */

/** What `send` answers for each item of a batch, in its order. */
export type Outcome<T> = PromiseSettledResult<T>;

interface Waiting<In, Out> {
  item: In;
  resolve: (answer: Out) => void;
  reject: (error: unknown) => void;
}

export class Batches<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private busy = false;

  /** `send` runs one batch of at most `most` items; it rejects only when every item failed alike. */
  constructor(
    private readonly send: (items: In[]) => Promise<Outcome<Out>[]>,
    private readonly most: number,
  ) {}

  run(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        // Whatever else this turn of the event loop parsed joins the batch.
        setImmediate(() => void this.next());
      }
    });
  }

  private async next(): Promise<void> {
    const batch = this.queue.splice(0, this.most);
    if (batch.length === 0) {
      this.busy = false;
      return;
    }
    try {
      const outcomes = await this.send(batch.map((waiting) => waiting.item));
      batch.forEach(({ resolve, reject }, i) => {
        const outcome = outcomes[i]!;
        if (outcome.status === 'fulfilled') resolve(outcome.value);
        else reject(outcome.reason);
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
    } finally {
      void this.next();
    }
  }
}
