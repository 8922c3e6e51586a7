import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetStore, store } from '../../src/client/state/store';
import { decodeBetEvent, decodeOnline } from '../../src/client/net/betEvents';
import { BET_BATCH_MS, BetFeed, reduceBets } from '../../src/client/round/betList';
import { receiveBetEvent } from '../../src/client/game/feed';
import type { Bet, BetEvent } from '../../src/shared/protocol';
import { fromWire } from '../../src/client/state/betStatus';
import { betsAtom } from '../../src/client/state/betsAtom';
import { ownBetIdsAtom } from '../../src/client/state/ownBetIdsAtom';
import { INITIAL_PANEL, panelAtoms } from '../../src/client/state/panelsAtom';

const bet = (betId: string, change: Partial<Bet> = {}): Bet => ({
  betId,
  status: 'CREATED',
  time: Number(betId),
  nickname: `p${betId}`,
  amount: 20000,
  rate: null,
  winAmount: null,
  ...change,
});
const createdEvent = (betId: string): BetEvent => ({ eventType: 'BET_CREATED', data: bet(betId) });
const refunded = (betId: string, rate: number): BetEvent => ({
  eventType: 'BET_REFUNDED',
  data: bet(betId, { status: 'REFUNDED', rate, winAmount: Math.floor(20000 * rate) }),
});
const canceled = (betId: string): BetEvent => ({ eventType: 'BET_CANCELED', data: bet(betId, { status: 'CANCELED' }) });

afterEach(() => vi.useRealTimers());

describe('bet reducers', () => {
  it('BET_CREATED adds a bet with status CREATED, newest first, once', () => {
    const list = reduceBets([], [createdEvent('1'), createdEvent('2'), createdEvent('2')]);
    expect(list.map((item) => [item.betId, item.status])).toEqual([
      ['2', 'CREATED'],
      ['1', 'CREATED'],
    ]);
  });

  it('BET_REFUNDED cashes the bet out: status CASHED_OUT inside (docs/glossary.md), its rate and its win', () => {
    const [first] = reduceBets([fromWire(bet('1'))], [refunded('1', 1.5)]);
    expect(first).toMatchObject({ betId: '1', status: 'CASHED_OUT', rate: 1.5, winAmount: 30000 });
  });

  it('BET_CANCELED removes the bet', () => {
    expect(reduceBets([fromWire(bet('1')), fromWire(bet('2'))], [canceled('1')]).map((item) => item.betId)).toEqual([
      '2',
    ]);
  });

  it('decodes bet events and online counts, dropping anything else', () => {
    expect(decodeBetEvent(JSON.stringify(createdEvent('4')))?.data.betId).toBe('4');
    expect(decodeBetEvent(JSON.stringify({ eventType: 'GAME_CREATED', data: { betId: '1' } }))).toBeNull();
    expect(decodeBetEvent('{')).toBeNull();
    const { data } = createdEvent('5');
    expect(decodeBetEvent(JSON.stringify({ eventType: 'BET_REFUNDED', data: { ...data, amount: '1' } }))).toBeNull();
    expect(decodeOnline('{"online":12}')).toBe(12);
    expect(decodeOnline('{"online":"12"}')).toBeNull();
  });
});

describe('the bet feed', () => {
  it('writes a burst of 500 bets to the list in one commit', () => {
    vi.useFakeTimers();
    resetStore();
    const feed = new BetFeed();
    let writes = 0;
    store.sub(betsAtom, () => (writes += 1));
    for (let id = 1; id <= 500; id += 1) feed.push(createdEvent(String(id)));
    expect(writes).toBe(0);
    vi.advanceTimersByTime(BET_BATCH_MS);
    expect(writes).toBe(1);
    expect(store.get(betsAtom)).toHaveLength(500);
  });

  it('drops what gathered for a round that is over', () => {
    vi.useFakeTimers();
    resetStore();
    const feed = new BetFeed();
    feed.push(createdEvent('1'));
    feed.drop();
    vi.advanceTimersByTime(BET_BATCH_MS);
    expect(store.get(betsAtom)).toEqual([]);
  });

  it("settles the player's own panel at once when its bet is refunded, and frees it when cancelled", () => {
    resetStore();
    store.set(ownBetIdsAtom, new Set(['7', '8']));
    store.set(panelAtoms[0]!, { ...INITIAL_PANEL, betState: 'running', betId: '7' });
    store.set(panelAtoms[1]!, { ...INITIAL_PANEL, betState: 'created', betId: '8' });
    receiveBetEvent(refunded('7', 2));
    receiveBetEvent(canceled('8'));
    expect(store.get(panelAtoms[0]!)).toMatchObject({ betState: 'idle', betId: null });
    expect(store.get(panelAtoms[1]!)).toMatchObject({ betState: 'idle', betId: null });
    expect([...store.get(ownBetIdsAtom)]).toEqual(['7']);
  });
});
