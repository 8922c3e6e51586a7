import type { EventBus } from '../bus/EventBus';
import { DESTINATIONS, type GameEvent } from '../../shared/protocol';

/** How many ticks a round in flight may go without an event before its leader counts as silent. */
const SILENT_TICKS = 3;

/**
 * What this process last heard from the leading engine. While a round flies the leader publishes
 * a GAME_RATE every tick; a leader silent past SILENT_TICKS (paused, cut off, stuck) may be gone,
 * and a gateway then takes no cash-out: judging them by the clock alone would let players cash
 * out while nobody ends the round, and a new leader settles it by the clock it crashed at.
 * A process that runs the engine itself never counts it silent: the engine cannot be gone while
 * the process answers, and a tick late because the process was short of CPU is as late as the
 * cash-out that waited beside it (before, a crowd's load paused its own rounds).
 */
export class LeaderPulse {
  private flying = false;
  private heardAt = 0;

  /** Listens for as long as the bus is open. */
  constructor(
    bus: EventBus,
    private readonly tickMs: number,
    /** True while this process's own engine runs the rounds. */
    private readonly leadsHere: () => boolean,
  ) {
    bus.subscribe(DESTINATIONS.game, (json) => this.heard(json));
  }

  /** True when a round is in flight as far as this process knows and its leader, another process, has been silent too long. */
  silent(): boolean {
    return this.flying && !this.leadsHere() && performance.now() - this.heardAt > SILENT_TICKS * this.tickMs;
  }

  private heard(json: string): void {
    const { eventType } = JSON.parse(json) as Pick<GameEvent, 'eventType'>;
    this.flying = eventType === 'GAME_STARTED' || eventType === 'GAME_RATE';
    this.heardAt = performance.now();
  }
}
