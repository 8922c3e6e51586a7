import type { EventBus } from '../bus/EventBus';

/** The bus channel on which an engine names a round it gave up on (its id as text). */
export const ABANDONED_ROUNDS = 'rounds.abandoned';

/** How many abandoned round ids a process remembers; the engine voids them long before this. */
const REMEMBERED = 1000;

/**
 * Rounds an engine gave up on when a step failed (the database went away): the database may
 * still say STARTED until the engine can void them, and no cash-out is accepted on them meanwhile.
 */
export class AbandonedRounds {
  private readonly remembered = new Set<number>();

  /** Listens for as long as the bus is open. */
  constructor(bus: EventBus) {
    bus.subscribe(ABANDONED_ROUNDS, (json) => this.add(Number(json)));
  }

  /** The abandoned rounds' ids, newest last. */
  ids(): number[] {
    return [...this.remembered];
  }

  private add(roundId: number): void {
    this.remembered.add(roundId);
    if (this.remembered.size > REMEMBERED) this.remembered.delete(this.remembered.values().next().value!);
  }
}
