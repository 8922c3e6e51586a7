/** The one place that turns GAME_* events and game HTTP answers into atoms (spec §4). */

import { HISTORY_LENGTH } from '../../shared/constants';
import { msToRate, shownRate } from '../../shared/growth';
import type { GameEndedData, GameEvent, GameInfo, GameState, RoundHistoryEntry } from '../../shared/protocol';
import { clockOffsetAtom } from '../state/clockAtom';
import { historyAtom } from '../state/historyAtom';
import { INITIAL_ROUND, roundAtom, type RoundState } from '../state/roundAtom';
import type { store as appStore } from '../state/store';

type Store = typeof appStore;

const EVENT_TYPES = new Set<string>(['GAME_CREATED', 'GAME_STARTED', 'GAME_RATE', 'GAME_ENDED']);
const STATE_ORDER: Record<GameState, number> = { CREATED: 0, STARTED: 1, ENDED: 2 };

/** A STOMP body as a game event, or null for anything else (messaging errors are ignored, spec §8). */
export function decodeGameEvent(body: string): GameEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { eventType, data } = parsed as { eventType?: unknown; data?: unknown };
  if (typeof eventType !== 'string' || !EVENT_TYPES.has(eventType)) return null;
  if (typeof data !== 'object' || data === null || typeof (data as { gameId?: unknown }).gameId !== 'string') return null;
  return parsed as GameEvent;
}

/** The round after one event: CREATED resets to x1 and shows the loader, RATE truncates, ENDED sets the final rate. */
export function reduceRound(round: RoundState, event: GameEvent): RoundState {
  switch (event.eventType) {
    case 'GAME_CREATED':
      return {
        gameId: event.data.gameId,
        state: 'CREATED',
        hash: event.data.hash,
        rate: 1,
        fullRate: null,
        salt: null,
        startsAt: event.data.startsAt ?? null,
        startedAt: null,
        confirmedMs: 0,
      };
    case 'GAME_STARTED': {
      const base = sameRound(round, event.data.gameId);
      const hash = event.data.hash ?? base.hash;
      if (base.state === 'STARTED' || base.state === 'ENDED') return { ...base, hash };
      return { ...base, state: 'STARTED', hash, startedAt: event.data.startedAt, rate: 1, confirmedMs: 0 };
    }
    case 'GAME_RATE': {
      const { gameId, rate, elapsedMs, serverTime } = event.data;
      const base = sameRound(round, gameId);
      if (base.state === 'ENDED') return base;
      return {
        ...base,
        state: 'STARTED',
        rate: Math.max(base.rate, shownRate(rate)),
        confirmedMs: Math.max(base.confirmedMs, elapsedMs),
        startedAt: base.startedAt ?? serverTime - elapsedMs,
      };
    }
    case 'GAME_ENDED':
      return endRound(sameRound(round, event.data.gameId), event.data);
  }
}

/** The history after one event: a GAME_ENDED puts its round first, once, keeping HISTORY_LENGTH rounds. */
export function reduceHistory(history: RoundHistoryEntry[], event: GameEvent): RoundHistoryEntry[] {
  if (event.eventType !== 'GAME_ENDED') return history;
  const { gameId, rate, fullRate, hash, salt, time } = event.data;
  if (history.some((entry) => entry.gameId === gameId)) return history;
  const entry: RoundHistoryEntry = { gameId, rate: shownRate(rate), fullRate, hash, salt, time };
  return [entry, ...history].slice(0, HISTORY_LENGTH);
}

/**
 * The clock offset after one sample (serverTime - local receive time). Network delay only makes a
 * sample smaller than the truth, so larger samples are taken at once and smaller ones slowly,
 * unless they are a second off (the clock jumped).
 */
export function nextClockOffset(previous: number | null, sample: number): number {
  if (previous === null || sample > previous || previous - sample > 1000) return sample;
  return previous + (sample - previous) * 0.05;
}

/** A round fetched over HTTP as the event that would have brought the stage to the same place. */
export function infoToEvents(info: GameInfo): GameEvent[] {
  const { gameId, gameHash: hash, serverTime } = info;
  if (info.gameState === 'CREATED') {
    return [{ eventType: 'GAME_CREATED', data: { gameId, hash, startsAt: info.startsAt ?? serverTime, serverTime } }];
  }
  const startedAt = info.startedAt ?? serverTime;
  const started: GameEvent = { eventType: 'GAME_STARTED', data: { gameId, hash, startedAt, serverTime } };
  if (info.gameState === 'STARTED') {
    const elapsedMs = Math.max(0, serverTime - startedAt);
    return [started, { eventType: 'GAME_RATE', data: { gameId, rate: info.rate ?? 1, elapsedMs, serverTime } }];
  }
  const fullRate = info.fullRate ?? info.rate ?? 1;
  const ended: GameEndedData = {
    gameId,
    rate: info.rate ?? fullRate,
    fullRate,
    hash,
    salt: info.salt ?? '',
    time: startedAt + msToRate(fullRate),
  };
  return [started, { eventType: 'GAME_ENDED', data: ended }];
}

/** Whether an event belongs to a round at least as new as the one shown (stale HTTP answers lose to STOMP). */
export function isCurrentOrNewer(round: RoundState, event: GameEvent): boolean {
  if (round.gameId === null || round.state === null) return true;
  const current = Number(round.gameId);
  const incoming = Number(event.data.gameId);
  if (incoming !== current) return incoming > current;
  return STATE_ORDER[eventState(event)] >= STATE_ORDER[round.state];
}

/** Reduces one event into the store's atoms; `now` is the local receive time. */
export function applyGameEvent(store: Store, event: GameEvent, now = Date.now()): void {
  if (!isCurrentOrNewer(store.get(roundAtom), event)) return;
  store.set(roundAtom, reduceRound(store.get(roundAtom), event));
  const history = store.get(historyAtom);
  const nextHistory = reduceHistory(history, event);
  if (nextHistory !== history) store.set(historyAtom, nextHistory);
  if ('serverTime' in event.data) {
    store.set(clockOffsetAtom, nextClockOffset(store.get(clockOffsetAtom), event.data.serverTime - now));
  }
}

/** Applies GET /game/info; an ENDED round raises its game-ended event (spec §4). */
export function applyGameInfo(store: Store, info: GameInfo, now = Date.now()): void {
  for (const event of infoToEvents(info)) applyGameEvent(store, event, now);
}

/** Fills the history strip from GET /game/last (newest first). */
export function applyLastRounds(store: Store, rounds: RoundHistoryEntry[]): void {
  const known = store.get(historyAtom);
  const merged = [...known, ...rounds.filter((round) => !known.some((entry) => entry.gameId === round.gameId))];
  merged.sort((a, b) => b.time - a.time);
  store.set(historyAtom, merged.slice(0, HISTORY_LENGTH).map((round) => ({ ...round, rate: shownRate(round.rate) })));
}

/** The round an event belongs to: the shown one, or a blank one when the event is for another round. */
function sameRound(round: RoundState, gameId: string): RoundState {
  return round.gameId === gameId ? round : { ...INITIAL_ROUND, gameId };
}

function endRound(round: RoundState, data: GameEndedData): RoundState {
  return {
    ...round,
    state: 'ENDED',
    rate: shownRate(data.rate),
    fullRate: data.fullRate,
    hash: data.hash,
    salt: data.salt,
    startedAt: round.startedAt ?? data.time - msToRate(data.fullRate),
    confirmedMs: msToRate(data.fullRate),
  };
}

function eventState(event: GameEvent): GameState {
  return event.eventType === 'GAME_CREATED' ? 'CREATED' : event.eventType === 'GAME_ENDED' ? 'ENDED' : 'STARTED';
}
