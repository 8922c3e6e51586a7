/** Decoding the bets and online topics' STOMP bodies (docs/spec.md §4); round/betList.ts applies what they say. */

import type { BetEvent } from '../../shared/protocol';
import { betEvent, onlineEvent } from '../../shared/wire/events';
import { decode } from './decode';

/** A STOMP body as a bet event, or null for anything else. */
export function decodeBetEvent(body: string): BetEvent | null {
  return decode(betEvent, body);
}

/** The online count of a STOMP body, or null. */
export function decodeOnline(body: string): number | null {
  return decode(onlineEvent, body)?.online ?? null;
}
