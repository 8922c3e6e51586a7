import type { GameEvent } from '../../shared/protocol';
import type { Retainer } from './Retainer';

/**
 * The current round as game events, for a player who subscribes mid-round: GAME_CREATED during
 * the betting window, GAME_STARTED and the latest GAME_RATE in flight, GAME_ENDED in the pause.
 */
export class RoundSnapshot implements Retainer {
  private phase: string[] = [];
  private rate: string | null = null;

  update(json: string): void {
    const { eventType } = JSON.parse(json) as Pick<GameEvent, 'eventType'>;
    if (eventType === 'GAME_RATE') {
      this.rate = json;
      return;
    }
    this.phase = [json];
    this.rate = null;
  }

  messages(): readonly string[] {
    return this.rate === null ? this.phase : [...this.phase, this.rate];
  }
}
