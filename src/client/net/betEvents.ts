/** Decoding the bets and online topics' STOMP bodies (docs/spec.md §4); round/betList.ts applies what they say. */

import type { BetEvent, OnlineEvent } from '../../shared/protocol';
import { parseEvent } from './decode';

const EVENT_TYPES = new Set<string>(['BET_CREATED', 'BET_REFUNDED', 'BET_CANCELED']);

/** A STOMP body as a bet event, or null for anything else. */
export function decodeBetEvent(body: string): BetEvent | null {
  return parseEvent<BetEvent>(body, EVENT_TYPES, 'betId');
}

/** The online count of a STOMP body, or null. */
export function decodeOnline(body: string): number | null {
  try {
    const { online } = JSON.parse(body) as Partial<OnlineEvent>;
    return typeof online === 'number' && Number.isFinite(online) ? online : null;
  } catch {
    return null;
  }
}
