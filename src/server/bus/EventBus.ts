/**
 * Fans events out to every process: in-process by default, Redis pub/sub in cluster mode.
 * Messages are already-serialised JSON so each event is encoded once.
 */
export interface EventBus {
  publish(channel: string, json: string): void;
  subscribe(channel: string, listener: (json: string) => void): () => void;
  /** False while the bus cannot carry events (Redis away): the process is not ready for players. */
  readonly connected: boolean;
  /** Resolves once every subscription made so far receives messages. */
  ready(): Promise<void>;
  close(): Promise<void>;
}
