/** Decoding the game topic's STOMP bodies (docs/spec.md §4); round/roundEvents.ts applies what they say. */

import type { GameEvent } from '../../shared/protocol';
import { parseEvent } from './decode';

const EVENT_TYPES = new Set<string>([
  ...['GAME_CREATED', 'GAME_STARTED', 'GAME_RATE', 'GAME_ENDED', 'GAME_VOIDED', 'GAME_LIMIT'],
]);

/** A STOMP body as a game event, or null for anything else (messaging errors are ignored, docs/spec.md §8). */
export function decodeGameEvent(body: string): GameEvent | null {
  return parseEvent<GameEvent>(body, EVENT_TYPES, 'gameId');
}
