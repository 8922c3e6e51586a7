import { describe, expect, it } from 'vitest';
import { HISTORY_LENGTH } from '../../src/shared/constants';
import { msToRate } from '../../src/shared/growth';
import type { GameEvent } from '../../src/shared/protocol';
import { decodeGameEvent } from '../../src/client/net/events';
import {
  applyGameEvent,
  applyGameInfo,
  applyLastRounds,
  nextClockOffset,
  reduceHistory,
  reduceRound,
} from '../../src/client/round/roundEvents';
import { betsAtom } from '../../src/client/state/betsAtom';
import { INITIAL_PANEL, panelAtoms, type PanelState } from '../../src/client/state/panelsAtom';
import { tickAtom } from '../../src/client/state/tickAtom';
import { clockOffsetAtom } from '../../src/client/state/clockAtom';
import { historyAtom } from '../../src/client/state/historyAtom';
import { INITIAL_ROUND, roundAtom } from '../../src/client/state/roundAtom';
import { resetStore, store } from '../../src/client/state/store';
import { reducePanel } from '../../src/client/panels/transitions';
import { receiveGameEvent } from '../../src/client/game/feed';

const created = (gameId: string): GameEvent => ({
  eventType: 'GAME_CREATED',
  data: { gameId, hash: `hash-${gameId}`, startsAt: 10_000, serverTime: 4000 },
});
const started = (gameId: string): GameEvent => ({
  eventType: 'GAME_STARTED',
  data: { gameId, startedAt: 10_000, serverTime: 10_000 },
});
const tickOf = (gameId: string, rate: number, elapsedMs: number): GameEvent => ({
  eventType: 'GAME_RATE',
  data: { gameId, rate, elapsedMs, serverTime: 10_000 + elapsedMs },
});
const ended = (gameId: string, fullRate: number): GameEvent => ({
  eventType: 'GAME_ENDED',
  data: { gameId, rate: fullRate, fullRate, hash: `hash-${gameId}`, salt: 'ab', time: 10_000 + msToRate(fullRate) },
});

const voided = (gameId: string): GameEvent => ({
  eventType: 'GAME_VOIDED',
  data: { gameId, fullRate: 7.5, hash: `hash-${gameId}`, salt: 'cd' },
});

/** The round and tick atoms after a sequence of events applied to a fresh store. */
function play(...events: GameEvent[]) {
  resetStore();
  for (const event of events) applyGameEvent(event, 0);
  return { round: store.get(roundAtom), tick: store.get(tickAtom), store };
}

describe('round reducers', () => {
  it('GAME_CREATED resets the multiplier to 1 and shows the loader with the betting deadline', () => {
    const { round, tick } = play(started('1'), tickOf('1', 3.456, 20_000), created('2'));
    expect(round).toMatchObject({
      gameId: '2',
      state: 'CREATED',
      rate: 1,
      startsAt: 10_000,
      startedAt: null,
      fullRate: null,
      salt: null,
      hash: 'hash-2',
    });
    expect(tick).toEqual({ gameId: '2', rate: 1, confirmedMs: 0, everyMs: 100 });
  });

  it('GAME_STARTED starts the round at x1 with its start time', () => {
    const { round, tick } = play(created('1'), started('1'));
    expect(round).toMatchObject({ state: 'STARTED', startedAt: 10_000, hash: 'hash-1' });
    expect(tick).toEqual({ gameId: '1', rate: 1, confirmedMs: 0, everyMs: 100 });
  });

  it('a repeated GAME_STARTED keeps the rate and the confirmed time of the flying round', () => {
    const { round, tick } = play(started('1'), tickOf('1', 1.5, 7000), started('1'));
    expect(round.state).toBe('STARTED');
    expect(tick).toEqual({ gameId: '1', rate: 1.5, confirmedMs: 7000, everyMs: 100 });
  });

  it("an event for another round drops the previous round's hash and multiplier", () => {
    const flying = reduceRound(reduceRound(INITIAL_ROUND, created('1')), tickOf('1', 3.4, 21_000));
    expect(reduceRound(flying, started('2'))).toMatchObject({ gameId: '2', hash: '' });
    expect(play(created('1'), tickOf('1', 3.4, 21_000), tickOf('2', 1.1, 1500)).tick).toEqual({
      gameId: '2',
      rate: 1.1,
      confirmedMs: 1500,
      everyMs: 100,
    });
  });

  it("keeps a thinned stream's interval from GAME_STARTED and GAME_RATE (everyMs), and a tick's when none is told", () => {
    const thinStart: GameEvent = {
      eventType: 'GAME_STARTED',
      data: { gameId: '1', startedAt: 10_000, serverTime: 10_000, everyMs: 500 },
    };
    expect(play(created('1'), thinStart).tick.everyMs).toBe(500);
    const thinRate: GameEvent = {
      eventType: 'GAME_RATE',
      data: { gameId: '1', rate: 1.2, elapsedMs: 3000, serverTime: 13_000, everyMs: 500 },
    };
    expect(play(created('1'), thinStart, thinRate).tick).toMatchObject({ confirmedMs: 3000, everyMs: 500 });
    expect(play(created('1'), started('1'), tickOf('1', 1.2, 3000)).tick.everyMs).toBe(100);
    expect(decodeGameEvent(JSON.stringify(thinRate))).toEqual(thinRate);
  });

  it('GAME_RATE truncates the multiplier to 2 decimals and records the confirmed time in the tick atom only', () => {
    const { round, tick } = play(started('1'), tickOf('1', 1.2399999, 3600));
    expect(tick).toEqual({ gameId: '1', rate: 1.23, confirmedMs: 3600, everyMs: 100 });
    expect(round.state).toBe('STARTED');
    const flying = reduceRound(INITIAL_ROUND, started('1'));
    expect(reduceRound(flying, tickOf('1', 1.5, 4000))).toBe(flying);
  });

  it('GAME_RATE joining mid-round derives the start from the server time', () => {
    expect(reduceRound(INITIAL_ROUND, tickOf('7', 1.5, 6000))).toMatchObject({
      gameId: '7',
      state: 'STARTED',
      startedAt: 10_000,
    });
  });

  it('a late GAME_RATE after GAME_ENDED leaves the final rate alone', () => {
    const done = reduceRound(reduceRound(INITIAL_ROUND, started('1')), ended('1', 2.5));
    expect(reduceRound(done, tickOf('1', 2.4, 15_000))).toBe(done);
    expect(play(started('1'), ended('1', 2.5), tickOf('1', 2.4, 15_000)).tick.rate).toBe(2.5);
  });

  it('GAME_ENDED sets the final rate and publishes the fairness data', () => {
    const { round, tick } = play(started('1'), ended('1', 4.56789));
    expect(round).toMatchObject({ state: 'ENDED', rate: 4.56, fullRate: 4.56789, salt: 'ab' });
    expect(tick.confirmedMs).toBeCloseTo(msToRate(4.56789));
  });

  it('GAME_ENDED adds the round to the history once, newest first, capped', () => {
    let history = reduceHistory([], ended('1', 1.5));
    history = reduceHistory(history, ended('1', 1.5));
    expect(history).toHaveLength(1);
    for (let id = 2; id < 20; id += 1) history = reduceHistory(history, ended(String(id), 2));
    expect(history).toHaveLength(HISTORY_LENGTH);
    expect(history[0]?.gameId).toBe('19');
    expect(reduceHistory(history, tickOf('20', 1, 1))).toBe(history);
  });

  it('a whole flight of GAME_RATE ticks leaves the round atom untouched', () => {
    const { store } = play(created('1'), started('1'));
    let changes = 0;
    store.sub(roundAtom, () => (changes += 1));
    for (let ms = 100; ms < 10_000; ms += 100) applyGameEvent(tickOf('1', Math.exp(0.00006 * ms), ms), 0);
    expect(changes).toBe(0);
    expect(store.get(tickAtom).confirmedMs).toBe(9900);
  });
});

describe('panels on round events', () => {
  const panel = (change: Partial<PanelState>): PanelState => ({ ...INITIAL_PANEL, ...change });

  it('a placed bet becomes claimable when the round starts', () => {
    expect(reducePanel(panel({ betState: 'created', betId: '5' }), started('1'))).toMatchObject({
      betState: 'running',
      betId: '5',
    });
  });

  it('the round end clears the bet, or queues the next one while auto-bet runs', () => {
    expect(reducePanel(panel({ betState: 'running', betId: '5' }), ended('1', 2))).toMatchObject({
      betState: 'idle',
      betId: null,
    });
    expect(
      reducePanel(panel({ betState: 'running', betId: '5', isAutoBetEnabled: true }), ended('1', 2)),
    ).toMatchObject({
      betState: 'waiting',
      betId: null,
    });
  });

  it('a bet queued for the next round waits through the end of this one', () => {
    const waiting = panel({ betState: 'waiting', betId: null });
    expect(reducePanel(waiting, ended('1', 2))).toBe(waiting);
    expect(reducePanel(waiting, started('1'))).toBe(waiting);
  });

  it('the store moves both panels with the round', () => {
    resetStore();
    store.set(panelAtoms[0]!, panel({ betState: 'created', betId: '5' }));
    receiveGameEvent(started('1'));
    expect(store.get(panelAtoms[0]!).betState).toBe('running');
    expect(store.get(panelAtoms[1]!)).toEqual(INITIAL_PANEL);
  });

  it('GAME_VOIDED leaves the dead round at once: the loader, a settled panel, no bets, nothing in the history', () => {
    resetStore();
    store.set(panelAtoms[0]!, panel({ betState: 'created', betId: '5' }));
    store.set(betsAtom, [
      { betId: '5', status: 'CREATED', time: 0, nickname: 'a', amount: 100, rate: null, winAmount: null },
    ]);
    for (const event of [created('4'), started('4'), tickOf('4', 2.5, 15_000), voided('4')]) receiveGameEvent(event);
    expect(store.get(roundAtom)).toEqual({ ...INITIAL_ROUND, gameId: '4' });
    expect(store.get(tickAtom)).toEqual({ gameId: '4', rate: 1, confirmedMs: 0, everyMs: 100 });
    expect(store.get(panelAtoms[0]!).betState).not.toMatch(/created|running/);
    expect(store.get(betsAtom)).toEqual([]);
    expect(store.get(historyAtom)).toEqual([]);
    expect(decodeGameEvent(JSON.stringify(voided('4')))).toEqual(voided('4'));
    applyGameEvent(created('5'), 0);
    expect(applyGameEvent(voided('4'), 0)).toBe(false);
  });

  it('GET /game/last leaves voided rounds out of the history strip', () => {
    resetStore();
    const last = [3, 2].map((id) => ({
      gameId: String(id),
      rate: 2,
      fullRate: 2.001,
      hash: 'h',
      salt: 's',
      time: id * 1000,
    }));
    applyLastRounds([{ ...last[0]!, voided: true as const }, last[1]!]);
    expect(store.get(historyAtom).map((entry) => entry.gameId)).toEqual(['2']);
  });

  it('GAME_CREATED clears the bet list', () => {
    resetStore();
    store.set(betsAtom, [
      { betId: '1', status: 'CREATED', time: 0, nickname: 'a', amount: 100, rate: null, winAmount: null },
    ]);
    applyGameEvent(created('2'), 0);
    expect(store.get(betsAtom)).toEqual([]);
  });
});

describe('decoding', () => {
  it('decodes a game event and rejects anything else', () => {
    expect(decodeGameEvent(JSON.stringify(started('3')))?.eventType).toBe('GAME_STARTED');
    expect(decodeGameEvent('not json')).toBeNull();
    expect(decodeGameEvent(JSON.stringify({ eventType: 'BET_CREATED', data: { gameId: '1' } }))).toBeNull();
    expect(decodeGameEvent(JSON.stringify({ eventType: 'GAME_RATE', data: { rate: 1 } }))).toBeNull();
  });

  it("checks every field against the wire's schema, so a malformed event never reaches the atoms", () => {
    const rate = { gameId: '3', rate: 1.5, elapsedMs: 100, serverTime: 1000 };
    expect(decodeGameEvent(JSON.stringify({ eventType: 'GAME_RATE', data: rate }))?.data).toEqual(rate);
    for (const broken of [{ rate: '1.5' }, { elapsedMs: null }, { serverTime: undefined }])
      expect(decodeGameEvent(JSON.stringify({ eventType: 'GAME_RATE', data: { ...rate, ...broken } }))).toBeNull();
  });
});

describe('the store', () => {
  it('reduces a whole round into the round, history and clock atoms', () => {
    resetStore();
    applyGameEvent(created('1'), 3000);
    expect(store.get(clockOffsetAtom)).toBe(1000);
    applyGameEvent(started('1'), 9000);
    applyGameEvent(tickOf('1', 1.0061, 100), 9100);
    expect(store.get(tickAtom).rate).toBe(1);
    applyGameEvent(ended('1', 1.9), 20_000);
    expect(store.get(roundAtom)).toMatchObject({ state: 'ENDED', rate: 1.9 });
    expect(store.get(historyAtom).map((entry) => entry.gameId)).toEqual(['1']);
  });

  it('ignores an HTTP answer older than the events already applied', () => {
    resetStore();
    applyGameEvent(started('5'), 0);
    applyGameInfo({ gameId: '4', gameState: 'STARTED', gameHash: 'h', startedAt: 0, serverTime: 10, rate: 1 }, 0);
    expect(store.get(roundAtom).gameId).toBe('5');
  });

  it('a fetched ENDED round raises the game-ended event and lands in the history', () => {
    resetStore();
    applyGameInfo({
      gameId: '9',
      gameState: 'ENDED',
      gameHash: 'h',
      startedAt: 1000,
      serverTime: 90_000,
      rate: 3.21,
      fullRate: 3.2187,
      salt: 's',
    });
    expect(store.get(roundAtom)).toMatchObject({ gameId: '9', state: 'ENDED', rate: 3.21 });
    expect(store.get(historyAtom)[0]?.gameId).toBe('9');
  });

  it('a fetched STARTED round gives a player who joined mid-round its hash', () => {
    resetStore();
    const info = { gameId: '7', gameHash: 'hash-7', startedAt: 1000, serverTime: 4000, rate: 1.19 };
    applyGameInfo({ ...info, gameState: 'STARTED' });
    expect(store.get(roundAtom)).toMatchObject({ gameId: '7', state: 'STARTED', hash: 'hash-7' });
    expect(store.get(tickAtom)).toEqual({ gameId: '7', rate: 1.19, confirmedMs: 3000, everyMs: 100 });
  });

  it('a late GET /game/info for the flying round fills its hash without moving the round back', () => {
    resetStore();
    applyGameEvent(started('5'), 0);
    applyGameEvent(tickOf('5', 1.8, 9000), 0);
    const info = { gameId: '5', gameHash: 'hash-5', startedAt: 10_000, serverTime: 12_000, rate: 1.12 };
    applyGameInfo({ ...info, gameState: 'STARTED' }, 0);
    expect(store.get(roundAtom)).toMatchObject({ gameId: '5', state: 'STARTED', hash: 'hash-5' });
    expect(store.get(tickAtom)).toEqual({ gameId: '5', rate: 1.8, confirmedMs: 9000, everyMs: 100 });
  });

  it('a fetched CREATED round shows the loader until its start', () => {
    resetStore();
    applyGameInfo({
      gameId: '2',
      gameState: 'CREATED',
      gameHash: 'h',
      startedAt: null,
      serverTime: 500,
      startsAt: 6500,
    });
    expect(store.get(roundAtom)).toMatchObject({ state: 'CREATED', rate: 1, startsAt: 6500 });
  });

  it('merges GET /game/last into the history without duplicates', () => {
    resetStore();
    applyGameEvent(ended('3', 2), 0);
    const last = [3, 2, 1].map((id) => ({
      gameId: String(id),
      rate: 2,
      fullRate: 2.001,
      hash: 'h',
      salt: 's',
      time: id * 1000,
    }));
    applyLastRounds(last);
    expect(store.get(historyAtom).map((entry) => entry.gameId)).toEqual(['3', '2', '1']);
  });
});

describe('clock offset', () => {
  it('takes larger samples at once and drifts slowly towards smaller ones', () => {
    expect(nextClockOffset(null, -40)).toBe(-40);
    expect(nextClockOffset(-40, 10)).toBe(10);
    expect(nextClockOffset(10, -10)).toBeCloseTo(9);
    expect(nextClockOffset(10, -5000)).toBe(-5000);
  });
});
