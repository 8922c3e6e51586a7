/** Decoding the game topic's STOMP bodies (docs/spec.md §4); game/feed.ts hands them to round/roundEvents.ts and the panels. */

import type { GameEvent } from '../../shared/protocol';
import { gameEvent } from '../../shared/wire/events';
import { decode } from './decode';

/** A STOMP body as a game event, or null for anything else (messaging errors are ignored, docs/spec.md §8). */
export function decodeGameEvent(body: string): GameEvent | null {
  return decode(gameEvent, body);
}
