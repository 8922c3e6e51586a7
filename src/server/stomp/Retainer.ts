/** Keeps the messages a new subscriber of one destination needs at once (the current state). */
export interface Retainer {
  /** Sees every message published on the destination. */
  update(json: string): void;
  /** What a new subscriber receives right after SUBSCRIBE, oldest first. */
  messages(): readonly string[];
}

/** Retains the last message only (the online count). */
export class LastMessage implements Retainer {
  private last: string[] = [];

  update(json: string): void {
    this.last = [json];
  }

  messages(): readonly string[] {
    return this.last;
  }
}
