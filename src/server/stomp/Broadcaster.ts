import { escapeHeader } from './frame';
import type { Retainer } from './Retainer';

/** What the broadcaster needs from a session: a way to write bytes that may drop a slow peer. */
export interface Subscriber {
  /** Writes one whole frame; returns false when the peer was dropped instead. */
  write(frame: Buffer): boolean;
}

/** One SUBSCRIBE of one session. `line` is its `subscription:` header line and the blank line after it. */
export interface Subscription {
  subscriber: Subscriber;
  id: string;
  destination: string;
  line: string;
}

/** Messages of one destination to send (Broadcaster.publishTogether). */
export interface Outgoing {
  destination: string;
  jsons: readonly string[];
}

/**
 * One group of a stagger (Stride): the subscribers whose place (their order of first subscribing)
 * is `group` modulo `groups`.
 */
interface Share {
  group: number;
  groups: number;
}

/** Subscribers that subscribe to a send's destinations under the same lines: they get the same bytes. */
interface Audience {
  /** Per destination of the send, their `subscription:` line (undefined where they have none). */
  lines: (string | undefined)[];
  subscribers: Subscriber[];
}

/** The encoded parts of one MESSAGE, shared by every subscriber of its destination. */
interface MessageParts {
  prefix: Buffer;
  body: Buffer;
}

/**
 * Fans messages out to the subscribers of each destination. A message is serialised once per
 * destination: only the short `subscription:` line differs per subscriber and is spliced in.
 */
export class Broadcaster {
  private readonly subscriptions = new Map<string, Set<Subscription>>();
  /** Each subscriber's place, in the order they first subscribed: which group of a stagger it is in. */
  private readonly places = new WeakMap<Subscriber, number>();
  private nextPlace = 0;
  private messageId = 0;
  /**
   * Who gets what, per set of destinations and share of a stagger, until a subscription changes:
   * a tick then costs a write per subscriber and nothing else per subscriber.
   */
  private readonly audiences = new Map<string, Audience[]>();

  constructor(
    private readonly retainers: ReadonlyMap<string, Retainer>,
    private readonly onFanout: (seconds: number) => void = () => {},
  ) {}

  /** Destinations a client may subscribe to. */
  has(destination: string): boolean {
    return this.subscriptions.has(destination);
  }

  /** How many subscribe to the destination here. */
  subscribers(destination: string): number {
    return this.subscriptions.get(destination)?.size ?? 0;
  }

  /** Registers a destination that messages are published on. */
  addDestination(destination: string): void {
    if (!this.subscriptions.has(destination)) this.subscriptions.set(destination, new Set());
  }

  /** Adds a subscription and sends it the destination's current state at once. */
  subscribe(subscription: Subscription): void {
    if (!this.places.has(subscription.subscriber)) this.places.set(subscription.subscriber, this.nextPlace++);
    this.subscriptions.get(subscription.destination)?.add(subscription);
    this.audiences.clear();
    for (const json of this.retainers.get(subscription.destination)?.messages() ?? []) {
      const parts = this.encode(subscription.destination, json);
      if (!subscription.subscriber.write(Buffer.concat([parts.prefix, Buffer.from(subscription.line), parts.body])))
        return;
    }
  }

  unsubscribe(subscription: Subscription): void {
    this.subscriptions.get(subscription.destination)?.delete(subscription);
    this.audiences.clear();
  }

  /** Sends one message to every subscriber of the destination. */
  publish(destination: string, json: string): void {
    this.publishTogether([{ destination, jsons: [json] }]);
  }

  /**
   * Sends messages of several destinations at once: each subscriber gets, in ONE WebSocket message
   * (one socket write), a MESSAGE frame for every message of every destination it subscribes to,
   * in the order given (frames follow each other in a STOMP stream; @stomp/stompjs reads them all).
   * So a busy chat room rides in the same write as the tick's GAME_RATE: it adds bytes, not writes.
   * Subscribers with the same subscriptions under the same ids (every @stomp/stompjs client's are
   * "sub-0", "sub-1"…) share one buffer.
   */
  publishTogether(outgoing: readonly Outgoing[]): void {
    this.retain(outgoing);
    this.send(outgoing);
  }

  /** Lets each destination's retainer see its messages (once, however many writes send them). */
  retain(outgoing: readonly Outgoing[]): void {
    for (const { destination, jsons } of outgoing) {
      const retainer = this.retainers.get(destination);
      for (const json of jsons) retainer?.update(json);
    }
  }

  /** publishTogether's writes without the retainers, to every subscriber or to one group of a stagger. */
  send(outgoing: readonly Outgoing[], share?: Share): void {
    const parts = outgoing.filter(({ destination, jsons }) => jsons.length > 0 && this.subscribers(destination) > 0);
    if (parts.length === 0) return;
    const started = performance.now();
    const messages = parts.map(({ destination, jsons }) => jsons.map((json) => this.encode(destination, json)));
    for (const { lines, subscribers } of this.audiencesOf(parts, share)) {
      const bytes = Buffer.concat(
        lines.flatMap((line, part) => {
          if (line === undefined) return [];
          const spliced = Buffer.from(line);
          return messages[part]!.flatMap(({ prefix, body }) => [prefix, spliced, body]);
        }),
      );
      for (const subscriber of subscribers) subscriber.write(bytes);
    }
    this.onFanout((performance.now() - started) / 1000);
  }

  /** The audiences of a send to `parts` (in `share`), kept until a subscription changes. */
  private audiencesOf(parts: readonly Outgoing[], share?: Share): Audience[] {
    const key = parts.map(({ destination }) => destination).join('\0') + (share ? `\0${share.group}/${share.groups}` : '');
    let audiences = this.audiences.get(key);
    if (audiences) return audiences;
    const inShare = share
      ? (subscriber: Subscriber) => this.places.get(subscriber)! % share.groups === share.group
      : () => true;
    const lines = new Map<Subscriber, string[]>();
    parts.forEach(({ destination }, part) => {
      for (const { subscriber, line } of this.subscriptions.get(destination)!) {
        if (!inShare(subscriber)) continue;
        let own = lines.get(subscriber);
        if (!own) lines.set(subscriber, (own = []));
        own[part] = line;
      }
    });
    const byLines = new Map<string, Audience>();
    for (const [subscriber, own] of lines) {
      // A line is never empty and holds no NUL: the key tells the combinations apart.
      const combination = own.join('\0');
      const audience = byLines.get(combination);
      if (audience) audience.subscribers.push(subscriber);
      else byLines.set(combination, { lines: Array.from(own), subscribers: [subscriber] });
    }
    audiences = [...byLines.values()];
    this.audiences.set(key, audiences);
    return audiences;
  }

  private encode(destination: string, json: string): MessageParts {
    const body = Buffer.from(json + '\0', 'utf8');
    const prefix = Buffer.from(
      `MESSAGE\ndestination:${escapeHeader(destination)}\nmessage-id:${++this.messageId}\n` +
        `content-type:application/json\ncontent-length:${body.length - 1}\n`,
      'utf8',
    );
    return { prefix, body };
  }
}

/** The `subscription:` header line of a subscription (escaped from STOMP 1.1 on), ending the headers. */
export function subscriptionLine(id: string, version: string): string {
  return `subscription:${version === '1.0' ? id : escapeHeader(id)}\n\n`;
}
