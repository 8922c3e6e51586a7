import { DESTINATIONS, type GameEvent } from '../../shared/protocol';
import type { Broadcaster, Outgoing } from './Broadcaster';

/**
 * GAME_RATE to a big crowd (docs/architecture.md "GAME_RATE to a big crowd"). A flight that starts
 * with more subscribers to the game here than `writesPerTick` is flown with a stride of
 * k = ceil(subscribers / writesPerTick) ticks: each subscriber gets every k-th GAME_RATE, staggered
 * so that each tick writes to about 1/k of them (group `tick % k`), and GAME_STARTED and GAME_RATE
 * carry `everyMs` (k ticks) so the page knows how far apart its GAME_RATEs come. What the batches
 * gather meanwhile (bets, chat) waits for each group's turn and rides in the same write as its
 * GAME_RATE. GAME_STARTED goes to one group after another, each write a task of its own, so the
 * flight's first ticks never wait behind a write to everyone; any other game event (GAME_LIMIT,
 * GAME_ENDED, GAME_VOIDED, GAME_CREATED) goes to everyone at once, after what each group still had
 * waiting. A small crowd gets every tick.
 */
export class Stride {
  /** Groups of the current flight (1: every subscriber gets every event as it comes). */
  private groups = 1;
  /** GAME_RATEs of this flight so far: the next goes to group `turn % groups`. */
  private turn = 0;
  private lastTurnAt = 0;
  /** Flights flown with a stride so far: tells a spread of an earlier flight to stop. */
  private flight = 0;
  /** What the batches gathered since some group's last turn, oldest first. */
  private waiting: Outgoing[] = [];
  /** Per group, how many of `waiting` it has had. */
  private had: number[] = [];

  constructor(
    private readonly broadcaster: Broadcaster,
    private readonly tickMs: number,
    private readonly writesPerTick: number,
  ) {}

  /** Sends what the batches gathered and then `next` (if any): at once to everyone, or in the flight's turns. */
  publish(gathered: Outgoing[], next?: Outgoing): void {
    if (this.groups === 1) {
      const event = next?.destination === DESTINATIONS.game ? this.start(next) : next;
      if (this.groups > 1) return this.spread([...gathered, event!]);
      this.broadcaster.publishTogether(event ? [...gathered, event] : gathered);
      return;
    }
    this.broadcaster.retain(gathered);
    this.waiting.push(...gathered.filter(({ jsons }) => jsons.length > 0));
    if (!next) {
      // No GAME_RATE for two strides (the leader is gone?): what waits goes out now.
      if (Date.now() - this.lastTurnAt > 2 * this.everyMs) this.drain();
      return;
    }
    if (next.destination !== DESTINATIONS.game) return this.broadcaster.publishTogether([next]);
    const [json] = next.jsons as [string];
    if (eventType(json) === 'GAME_RATE') {
      const rate = { destination: next.destination, jsons: [withEveryMs(json, this.everyMs)] };
      this.broadcaster.retain([rate]);
      this.sendTurn(this.turn++ % this.groups, rate);
      this.lastTurnAt = Date.now();
      return;
    }
    this.broadcaster.retain([next]);
    const limit = eventType(json) === 'GAME_LIMIT';
    for (let group = 0; group < this.groups; group++) this.sendTurn(group, next);
    if (!limit) this.groups = 1;
  }

  /**
   * GAME_STARTED (and what the batches gathered) to a big crowd: to one group after another, each
   * write a task of its own, so a tick due meanwhile waits for one group's write, not everyone's.
   * A group whose turn comes first gets it in its turn, before its first GAME_RATE.
   */
  private spread(outgoing: Outgoing[]): void {
    this.broadcaster.retain(outgoing);
    this.waiting = outgoing.filter(({ jsons }) => jsons.length > 0);
    const flight = this.flight;
    const next = (group: number) =>
      setImmediate(() => {
        if (flight !== this.flight || this.groups === 1 || group >= this.groups) return;
        this.sendTurn(group);
        next(group + 1);
      });
    next(0);
  }

  /** Sends each group what it still has waiting and ends the flight's stride (the server is closing). */
  drain(): void {
    for (let group = 0; group < this.groups; group++) this.sendTurn(group);
    this.groups = 1;
  }

  private get everyMs(): number {
    return this.groups * this.tickMs;
  }

  /** A game event while not thinned: GAME_STARTED to a big crowd starts a stride and tells its interval. */
  private start(event: Outgoing): Outgoing {
    const [json] = event.jsons as [string];
    const groups = Math.ceil(this.broadcaster.subscribers(DESTINATIONS.game) / this.writesPerTick);
    if (groups <= 1 || eventType(json) !== 'GAME_STARTED') return event;
    this.groups = groups;
    this.flight++;
    this.turn = 0;
    this.lastTurnAt = Date.now();
    this.waiting = [];
    this.had = new Array<number>(groups).fill(0);
    return { destination: event.destination, jsons: [withEveryMs(json, this.everyMs)] };
  }

  /** One group's write: what it has waiting, one part per destination in order, then `last`. */
  private sendTurn(group: number, last?: Outgoing): void {
    if (!last && this.had[group] === this.waiting.length) return;
    const parts = new Map<string, string[]>();
    for (const { destination, jsons } of this.waiting.slice(this.had[group])) {
      const part = parts.get(destination);
      if (part) part.push(...jsons);
      else parts.set(destination, [...jsons]);
    }
    const outgoing: Outgoing[] = [...parts].map(([destination, jsons]) => ({ destination, jsons }));
    if (last) outgoing.push(last);
    this.broadcaster.send(outgoing, { group, groups: this.groups });
    this.had[group] = this.waiting.length;
    // What every group has had is forgotten.
    const done = Math.min(...this.had);
    if (done > 0) {
      this.waiting.splice(0, done);
      this.had = this.had.map((had) => had - done);
    }
  }
}

function eventType(json: string): GameEvent['eventType'] {
  return (JSON.parse(json) as Pick<GameEvent, 'eventType'>).eventType;
}

/** The event with `everyMs` in its data: how far apart this subscriber's GAME_RATEs come in this flight. */
function withEveryMs(json: string, everyMs: number): string {
  const event = JSON.parse(json) as { data: Record<string, unknown> };
  event.data.everyMs = everyMs;
  return JSON.stringify(event);
}
