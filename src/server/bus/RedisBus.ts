import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './EventBus';

/** Every channel is namespaced, so one Redis can serve other programs too. */
const PREFIX = 'moonrush:';
/** How long a command other than PUBLISH may take before it fails. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * The cluster bus: Redis pub/sub. Every process, the publisher included, receives a message from
 * Redis, so all of them see one channel's messages in the one order Redis took them in.
 * After Redis comes back from a restart, ioredis reconnects and subscribes again by itself;
 * what is published while Redis is away is dropped (counted in the log), not replayed late.
 */
export class RedisBus implements EventBus {
  private readonly listeners = new Map<string, Set<(json: string) => void>>();
  private readonly pending = new Set<Promise<unknown>>();
  /** Connections handed out by duplicate(), closed with the bus. */
  private readonly others: Redis[] = [];
  private dropped = 0;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    subscriber.on('message', (channel: string, json: string) => this.deliver(channel, json));
    watch(publisher, 'publisher', log, () => {
      if (this.dropped === 0) return;
      log.warn(`Redis is back: ${this.dropped} events published while it was away were dropped`);
      this.dropped = 0;
    });
    watch(subscriber, 'subscriber', log, () => {});
  }

  /** Connects both connections (one publishes, one subscribes); rejects when Redis cannot be reached. */
  static async connect(url: string, log: FastifyBaseLogger): Promise<RedisBus> {
    // No offline queue: a late GAME_RATE is worse than a missing one.
    const publisher = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, connectionName: 'moonrush-pub' });
    const subscriber = new Redis(url, { lazyConnect: true, connectionName: 'moonrush-sub' });
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      throw new Error(`REDIS_URL: cannot reach Redis (${(error as Error).message})`, { cause: error });
    }
    return new RedisBus(publisher, subscriber, log);
  }

  /**
   * A connection of its own for other Redis commands (the shared rate limits): a command fails
   * at once while Redis is away and after COMMAND_TIMEOUT_MS when it hangs, so no request waits on
   * it. It closes with the bus.
   */
  duplicate(name: string): Redis {
    const redis = this.publisher.duplicate({ connectionName: name, lazyConnect: false, commandTimeout: COMMAND_TIMEOUT_MS });
    watch(redis, name, this.log, () => {});
    this.others.push(redis);
    return redis;
  }

  get connected(): boolean {
    return this.publisher.status === 'ready' && this.subscriber.status === 'ready';
  }

  publish(channel: string, json: string): void {
    this.publisher.publish(PREFIX + channel, json).catch(() => {
      if (this.dropped++ === 0) this.log.warn('Redis is away: dropping events until it is back');
    });
  }

  subscribe(channel: string, listener: (json: string) => void): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      this.track(this.subscriber.subscribe(PREFIX + channel));
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      this.track(this.subscriber.unsubscribe(PREFIX + channel));
    };
  }

  async ready(): Promise<void> {
    await Promise.all(this.pending);
  }

  async close(): Promise<void> {
    await this.ready();
    this.listeners.clear();
    await Promise.allSettled([this.publisher, this.subscriber, ...this.others].map((redis) => redis.quit()));
  }

  private track(command: Promise<unknown>): void {
    const tracked = command
      .catch((error: unknown) => this.log.error({ err: error }, 'Redis (un)subscribe failed'))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private deliver(prefixed: string, json: string): void {
    const set = this.listeners.get(prefixed.slice(PREFIX.length));
    if (!set) return;
    for (const listener of set) {
      try {
        listener(json);
      } catch (error) {
        this.log.error({ err: error, channel: prefixed }, 'a bus listener failed');
      }
    }
  }
}

/** Logs when a connection is lost and when it is back, once each, not every retry's error. */
function watch(redis: Redis, role: string, log: FastifyBaseLogger, onBack: () => void): void {
  let lost = false;
  redis.on('error', (error: Error) => log.debug({ err: error }, `Redis ${role} error`));
  redis.on('close', () => {
    if (lost || redis.status === 'end') return;
    lost = true;
    log.warn(`Redis ${role} connection lost: reconnecting`);
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info(`Redis ${role} connection is back`);
    onBack();
  });
}
