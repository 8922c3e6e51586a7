/**
 * Game events (decoded from STOMP by net/events.ts, or made from GET /game/info) into the round's
 * atoms (docs/spec.md §4); the game's feed (game/feed.ts) hands each applied one on to the panels
 * and the proof checks. GAME_RATE only touches the tick atom; the round atom the HUD reads changes
 * a few times a round (docs/architecture.md "From the server to the pixels").
 */

import { DEFAULT_TICK_MS, HISTORY_LENGTH } from '../../shared/constants';
import { msToRate, shownRate } from '../../shared/growth';
import type { GameEndedData, GameEvent, GameInfo, GameState, RoundHistoryEntry } from '../../shared/protocol';
import type { PlayerBet } from '../state/betStatus';
import { betsAtom } from '../state/betsAtom';
import { clockOffsetAtom } from '../state/clockAtom';
import { historyAtom } from '../state/historyAtom';
import { houseAtom } from '../state/houseAtom';
import { INITIAL_ROUND, roundAtom, type RoundState } from '../state/roundAtom';
import { store } from '../state/store';
import { INITIAL_TICK, tickAtom, type TickState } from '../state/tickAtom';

const STATE_ORDER: Record<GameState, number> = { CREATED: 0, STARTED: 1, ENDED: 2 };

/** The round after one event: CREATED resets and shows the loader, ENDED publishes the final rate and salt, VOIDED leaves the round for the loader. */
export function reduceRound(round: RoundState, event: GameEvent): RoundState {
  switch (event.eventType) {
    case 'GAME_CREATED':
      return {
        ...INITIAL_ROUND,
        gameId: event.data.gameId,
        state: 'CREATED',
        hash: event.data.hash,
        startsAt: event.data.startsAt ?? null,
      };
    case 'GAME_STARTED': {
      const base = sameRound(round, event.data.gameId);
      const hash = event.data.hash ?? base.hash;
      if (base.state === 'STARTED' || base.state === 'ENDED') return hash === base.hash ? base : { ...base, hash };
      return { ...base, state: 'STARTED', hash, startedAt: event.data.startedAt };
    }
    case 'GAME_RATE': {
      const base = sameRound(round, event.data.gameId);
      if (base.state === 'ENDED' || (base.state === 'STARTED' && base.startedAt !== null)) return base;
      return { ...base, state: 'STARTED', startedAt: base.startedAt ?? event.data.serverTime - event.data.elapsedMs };
    }
    case 'GAME_ENDED': {
      const { data } = event;
      const base = sameRound(round, data.gameId);
      const startedAt = base.startedAt ?? data.time - msToRate(data.fullRate);
      return {
        ...base,
        state: 'ENDED',
        rate: shownRate(data.rate),
        fullRate: data.fullRate,
        hash: data.hash,
        salt: data.salt,
        startedAt,
      };
    }
    case 'GAME_VOIDED':
      return { ...INITIAL_ROUND, gameId: event.data.gameId };
    case 'GAME_LIMIT':
      return round;
  }
}

/** The tick after one event (`round` is the round after it): GAME_RATE truncates the rate and records the confirmed time. */
function reduceTick(tick: TickState, round: RoundState, event: GameEvent): TickState {
  const same = tick.gameId === event.data.gameId;
  switch (event.eventType) {
    case 'GAME_CREATED':
      return { ...INITIAL_TICK, gameId: event.data.gameId };
    case 'GAME_STARTED': {
      const everyMs = event.data.everyMs ?? DEFAULT_TICK_MS;
      if (!same) return { ...INITIAL_TICK, gameId: event.data.gameId, everyMs };
      return everyMs === tick.everyMs ? tick : { ...tick, everyMs };
    }
    case 'GAME_RATE': {
      if (round.state === 'ENDED') return tick;
      const rate = shownRate(event.data.rate);
      const everyMs = event.data.everyMs ?? DEFAULT_TICK_MS;
      if (!same) return { gameId: event.data.gameId, rate, confirmedMs: event.data.elapsedMs, everyMs };
      return {
        gameId: tick.gameId,
        rate: Math.max(tick.rate, rate),
        confirmedMs: Math.max(tick.confirmedMs, event.data.elapsedMs),
        everyMs,
      };
    }
    case 'GAME_ENDED':
      return {
        ...tick,
        gameId: event.data.gameId,
        rate: shownRate(event.data.rate),
        confirmedMs: msToRate(event.data.fullRate),
      };
    case 'GAME_VOIDED':
      return { ...INITIAL_TICK, gameId: event.data.gameId };
    case 'GAME_LIMIT':
      return tick;
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
function infoToEvents(info: GameInfo): GameEvent[] {
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

/**
 * Whether an event belongs to a round at least as new as the one shown (stale HTTP answers lose to
 * STOMP). A GAME_CREATED of the round shown is a repeat, not news: after a connect the subscription's
 * snapshot and GET /game/info both bring it, and the round opens once.
 */
function isCurrentOrNewer(round: RoundState, event: GameEvent): boolean {
  if (round.gameId === null || round.state === null) return true;
  const current = Number(round.gameId);
  const incoming = Number(event.data.gameId);
  if (incoming !== current) return incoming > current;
  if (event.eventType === 'GAME_CREATED') return false;
  return STATE_ORDER[eventState(event)] >= STATE_ORDER[round.state];
}

/**
 * Reduces one event into the store's atoms; `now` is the local receive time. Returns false for a
 * stale event that changed nothing. Each atom is set only when its value changed.
 */
export function applyGameEvent(event: GameEvent, now = Date.now()): boolean {
  const round = store.get(roundAtom);
  if (!isCurrentOrNewer(round, event)) return false;
  const nextRound = reduceRound(round, event);
  if (nextRound !== round) store.set(roundAtom, nextRound);
  store.set(tickAtom, reduceTick(store.get(tickAtom), nextRound, event));
  const history = store.get(historyAtom);
  const nextHistory = reduceHistory(history, event);
  if (nextHistory !== history) store.set(historyAtom, nextHistory);
  if (event.eventType === 'GAME_CREATED' && store.get(betsAtom).length > 0) store.set(betsAtom, []);
  if (event.eventType === 'GAME_VOIDED') store.set(betsAtom, voidBets(store.get(betsAtom)));
  if (event.eventType === 'GAME_LIMIT') store.set(houseAtom, { ...store.get(houseAtom), limit: event.data });
  if ('serverTime' in event.data) {
    store.set(clockOffsetAtom, nextClockOffset(store.get(clockOffsetAtom), event.data.serverTime - now));
  }
  return true;
}

/** Applies GET /game/info; an ENDED round raises its game-ended event (docs/spec.md §4). Returns the events applied. */
export function applyGameInfo(info: GameInfo, now = Date.now()): GameEvent[] {
  return infoToEvents(info).filter((event) => applyGameEvent(event, now));
}

/** Fills the history strip from GET /game/last (newest first); voided rounds never flew, so they are left out. */
export function applyLastRounds(rounds: RoundHistoryEntry[]): void {
  const known = store.get(historyAtom);
  const fresh = rounds.filter((round) => !round.voided && !known.some((entry) => entry.gameId === round.gameId));
  const merged = [...known, ...fresh];
  merged.sort((a, b) => b.time - a.time);
  store.set(
    historyAtom,
    merged.slice(0, HISTORY_LENGTH).map((round) => ({ ...round, rate: shownRate(round.rate) })),
  );
}

/** A voided round's list: its open bets were refunded, and stay in the list saying so until the next round. */
const voidBets = (bets: readonly PlayerBet[]): PlayerBet[] =>
  bets.map((bet) => (bet.status === 'CREATED' ? { ...bet, status: 'VOID' } : bet));

/** The round an event belongs to: the shown one, or a blank one when the event is for another round. */
function sameRound(round: RoundState, gameId: string): RoundState {
  return round.gameId === gameId ? round : { ...INITIAL_ROUND, gameId };
}

function eventState(event: GameEvent): GameState {
  if (event.eventType === 'GAME_CREATED') return 'CREATED';
  return event.eventType === 'GAME_ENDED' || event.eventType === 'GAME_VOIDED' ? 'ENDED' : 'STARTED';
}
