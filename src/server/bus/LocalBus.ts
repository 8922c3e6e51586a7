import type { EventBus } from './EventBus';

/** The single-process bus: listeners are called synchronously, in subscription order. */
export class LocalBus implements EventBus {
  readonly connected = true;
  private readonly listeners = new Map<string, Set<(json: string) => void>>();

  publish(channel: string, json: string): void {
    const set = this.listeners.get(channel);
    if (set) for (const listener of set) listener(json);
  }

  subscribe(channel: string, listener: (json: string) => void): () => void {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
