import { resetStore, store } from '../../src/client/state/store';
import { describe, expect, it } from 'vitest';
import { applyCurrentBets, placedElsewhere } from '../../src/client/panels/serverEvents';
import type { BetEvent, GameState, OwnBet } from '../../src/shared/protocol';
import { ownBetIdsAtom } from '../../src/client/state/ownBetIdsAtom';
import { INITIAL_PANEL, panelAtoms, type PanelState } from '../../src/client/state/panelsAtom';
import { profileAtom } from '../../src/client/state/profileAtom';
import { INITIAL_ROUND, roundAtom } from '../../src/client/state/roundAtom';

const own = (betId: string, change: Partial<OwnBet> = {}): OwnBet => ({
  betId,
  status: 'CREATED',
  time: Number(betId),
  nickname: 'Nova',
  amount: 20000,
  rate: null,
  winAmount: null,
  autoRate: null,
  ...change,
});

/** A store showing round 7 in `state`, its panels as given. */
function page(state: GameState, panels: PanelState[] = [INITIAL_PANEL, INITIAL_PANEL]) {
  resetStore();
  store.set(roundAtom, { ...INITIAL_ROUND, gameId: '7', state });
  panels.forEach((panel, index) => store.set(panelAtoms[index]!, panel));
  const panelsNow = () => panelAtoms.map((panelAtom) => store.get(panelAtom));
  return {
    store,
    panelsNow,
    apply: (bets: OwnBet[], gameId = '7') => applyCurrentBets({ gameId, bets }, panelsNow()),
  };
}

describe("the player's own bets from GET /bet/current", () => {
  it('gives each open bet a panel in the order placed, CANCEL while betting, with its amount and target', () => {
    const { store, panelsNow, apply } = page('CREATED');
    apply([own('11', { amount: 1250 }), own('12', { autoRate: 2.5, amount: 30000 })]);
    expect(panelsNow()).toEqual([
      { ...INITIAL_PANEL, amount: '12.50', betState: 'created', betId: '11' },
      { ...INITIAL_PANEL, amount: '300', target: '2.50', autoCashOut: true, betState: 'created', betId: '12' },
    ]);
    expect([...store.get(ownBetIdsAtom)]).toEqual(['11', '12']);
  });

  it('shows CLAIM in flight, marks a cashed-out bet as own without a panel, and fills only a free panel', () => {
    const busyWaiting: PanelState = { ...INITIAL_PANEL, betState: 'waiting', betId: null };
    const { store, panelsNow, apply } = page('STARTED', [busyWaiting, INITIAL_PANEL]);
    apply([own('3', { status: 'REFUNDED', rate: 1.5, winAmount: 30000 }), own('4'), own('5')]);
    expect(panelsNow().map((panel) => [panel.betState, panel.betId])).toEqual([
      ['waiting', null],
      ['running', '4'],
    ]);
    expect([...store.get(ownBetIdsAtom)].sort()).toEqual(['3', '4', '5']);
  });

  it('changes nothing for another round, and restores no panel once the round has ended', () => {
    const other = page('CREATED');
    other.apply([own('1')], '6');
    expect(other.panelsNow()).toEqual([INITIAL_PANEL, INITIAL_PANEL]);
    expect(other.store.get(ownBetIdsAtom).size).toBe(0);
    const ended = page('ENDED');
    ended.apply([own('1')]);
    expect(ended.panelsNow()).toEqual([INITIAL_PANEL, INITIAL_PANEL]);
    expect([...ended.store.get(ownBetIdsAtom)]).toEqual(['1']);
  });

  it('lets a bet go that is no longer open (cashed out elsewhere, or of a round that ended while away)', () => {
    const running = (betId: string): PanelState => ({ ...INITIAL_PANEL, betState: 'running', betId });
    const { panelsNow, apply } = page('STARTED', [running('1'), { ...running('2'), isAutoBetEnabled: true }]);
    apply([own('1', { status: 'REFUNDED' })]);
    expect(panelsNow().map((panel) => [panel.betState, panel.betId])).toEqual([
      ['idle', null],
      ['waiting', null],
    ]);
  });

  it('leaves a panel that changed after the call was sent, and gives no panel while one is placing a bet', () => {
    const { store, panelsNow } = page('CREATED');
    const sent = panelsNow();
    store.set(panelAtoms[0]!, { ...INITIAL_PANEL, busy: true });
    applyCurrentBets({ gameId: '7', bets: [own('9')] }, sent);
    expect(panelsNow()).toEqual([{ ...INITIAL_PANEL, busy: true }, INITIAL_PANEL]);
    store.set(panelAtoms[0]!, { ...INITIAL_PANEL, betState: 'created', betId: '9' });
    applyCurrentBets({ gameId: '7', bets: [own('9')] }, panelsNow());
    expect(panelsNow()[1]).toEqual(INITIAL_PANEL);
  });

  it("asks again when a bet under the player's nickname comes that this page did not place", () => {
    const { store } = page('CREATED');
    store.set(profileAtom, { balanceAmount: 0, email: 'code', nickname: 'Nova', wallet: null });
    store.set(ownBetIdsAtom, new Set(['1']));
    const created = (betId: string, nickname = 'Nova'): BetEvent => ({
      eventType: 'BET_CREATED',
      data: own(betId, { nickname }),
    });
    expect(placedElsewhere(created('2'))).toBe(true);
    expect(placedElsewhere(created('1'))).toBe(false);
    expect(placedElsewhere(created('2', 'Orion'))).toBe(false);
    expect(placedElsewhere({ eventType: 'BET_CANCELED', data: own('2') })).toBe(false);
    store.set(panelAtoms[1]!, { ...INITIAL_PANEL, busy: true });
    expect(placedElsewhere(created('2'))).toBe(false);
  });
});
