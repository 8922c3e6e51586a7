// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BetPanel } from '../../src/client/hud/panel/BetPanel';
import { loadRound, receiveGameEvent } from '../../src/client/game/feed';
import { openModalAtom } from '../../src/client/state/modalAtom';
import { INITIAL_PANEL, panelAtoms } from '../../src/client/state/panelsAtom';
import { profileAtom } from '../../src/client/state/profileAtom';
import { INITIAL_ROUND, roundAtom } from '../../src/client/state/roundAtom';
import { accessTokenAtom } from '../../src/client/state/sessionAtom';
import { store } from '../../src/client/state/store';
import { INITIAL_TICK, tickAtom } from '../../src/client/state/tickAtom';
import type { GameEvent } from '../../src/shared/protocol';

interface Sent {
  path: string;
  body: Record<string, unknown> | null;
  idempotencyKey: string | null;
}

let sent: Sent[] = [];
let refuse: Record<string, string> = {};
let nextBet = 100;

/** The server as far as the panel needs it: bets are accepted unless `refuse` names the path. */
function fakeServer() {
  sent = [];
  refuse = {};
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = String(input).replace('/api/v1', '');
    const headers = new Headers(init.headers);
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    if (init.method === 'POST') sent.push({ path, body, idempotencyKey: headers.get('idempotency-key') });
    const reply = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    if (refuse[path]) return reply(409, { success: false, errorMessage: refuse[path] });
    if (path === '/user/profile') return reply(200, { success: true, data: store.get(profileAtom) });
    if (path.startsWith('/game/bets/')) return reply(200, { success: true, data: [] });
    if (path === '/game/info') {
      const { gameId, state } = store.get(roundAtom);
      const info = { gameId, gameState: state, gameHash: 'h', startedAt: null, serverTime: Date.now(), startsAt: Date.now() + 5000 };
      return reply(200, { success: true, data: info });
    }
    if (path === '/bet/create' || path === '/bet/create/auto')
      return reply(200, { success: true, data: { betId: String(nextBet++) } });
    if (path === '/bet/refund')
      return reply(200, { success: true, data: { betId: body?.betId, rate: 1.5, winAmount: 30000 } });
    return reply(200, { success: true, data: { betId: body?.betId } });
  });
}

const game = (eventType: GameEvent['eventType'], gameId: string): GameEvent =>
  ({
    eventType,
    data: {
      gameId,
      hash: 'h',
      startsAt: Date.now() + 5000,
      startedAt: Date.now(),
      serverTime: Date.now(),
      rate: 2,
      fullRate: 2,
      salt: 's',
      time: Date.now(),
    },
  }) as GameEvent;

const signIn = (balance: number) => {
  store.set(accessTokenAtom, 'token');
  store.set(profileAtom, { balanceAmount: balance, email: 'ref', nickname: 'Nova', wallet: null });
};

function renderPanel() {
  render(
    <Provider store={store}>
      <BetPanel index={0} />
    </Provider>,
  );
  return {
    main: () => screen.getByTestId('bet-main-0'),
    amount: () => screen.getByLabelText('Bet amount') as HTMLInputElement,
    rate: () => screen.getByLabelText('Cash out at') as HTMLInputElement,
    autoBet: () => screen.getByRole('switch', { name: 'Auto bet' }) as HTMLInputElement,
    autoCashOut: () => screen.getByRole('switch', { name: 'Auto cash out' }) as HTMLInputElement,
  };
}

const label = (button: HTMLElement) => button.querySelector('.bet-main-label')?.textContent;

beforeEach(() => {
  fakeServer();
  store.set(panelAtoms[0]!, INITIAL_PANEL);
  store.set(roundAtom, { ...INITIAL_ROUND, gameId: '1', state: 'CREATED' });
  store.set(tickAtom, INITIAL_TICK);
  store.set(openModalAtom, null);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  store.set(accessTokenAtom, null);
  store.set(profileAtom, null);
});

describe('the bet panel inputs', () => {
  it('starts at 200 and 2.00 with BET', () => {
    const panel = renderPanel();
    expect(panel.amount().value).toBe('200');
    expect(panel.rate().value).toBe('2.00');
    expect(label(panel.main())).toBe('BET');
  });

  it('steps by 10 with minus and plus, never below 10', () => {
    const panel = renderPanel();
    fireEvent.click(screen.getByLabelText('Minus 10'));
    expect(store.get(panelAtoms[0]!).amount).toBe('190');
    fireEvent.click(screen.getByLabelText('Plus 10'));
    fireEvent.click(screen.getByLabelText('Plus 10'));
    expect(store.get(panelAtoms[0]!).amount).toBe('210');
    fireEvent.change(panel.amount(), { target: { value: '20' } });
    fireEvent.click(screen.getByLabelText('Minus 10'));
    fireEvent.click(screen.getByLabelText('Minus 10'));
    expect(store.get(panelAtoms[0]!).amount).toBe('10');
  });

  it('adds +50, +100, +200 and +500, counting up over 0.4 s', async () => {
    const panel = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: '+500' }));
    expect(store.get(panelAtoms[0]!).amount).toBe('700');
    await waitFor(() => expect(Number(panel.amount().value)).toBeGreaterThan(200));
    expect(Number(panel.amount().value)).toBeLessThan(700);
    await waitFor(() => expect(panel.amount().value).toBe('700'), { timeout: 1000 });
    for (const add of ['+50', '+100', '+200']) fireEvent.click(screen.getByRole('button', { name: add }));
    expect(store.get(panelAtoms[0]!).amount).toBe('1050');
  });

  it('takes two decimals with a dot or a comma, cutting the rest, and typing turns auto-bet off', () => {
    const panel = renderPanel();
    fireEvent.click(panel.autoBet());
    expect(store.get(panelAtoms[0]!).isAutoBetEnabled).toBe(true);
    fireEvent.change(panel.amount(), { target: { value: '12,349' } });
    expect(panel.amount().value).toBe('12.34');
    expect(store.get(panelAtoms[0]!).isAutoBetEnabled).toBe(false);
  });

  it('caps the cash-out target at 999 and turns auto cash-out on when focused', () => {
    const panel = renderPanel();
    fireEvent.focus(panel.rate());
    expect(panel.autoCashOut().checked).toBe(true);
    fireEvent.change(panel.rate(), { target: { value: '1500' } });
    expect(panel.rate().value).toBe('999');
    fireEvent.change(panel.rate(), { target: { value: '3' } });
    fireEvent.blur(panel.rate());
    expect(panel.rate().value).toBe('3.00');
  });
});

describe('the bet panel state machine', () => {
  it('signed out, BET sends nothing and opens the sign-in modal', async () => {
    const panel = renderPanel();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fireEvent.click(panel.main());
    await act(async () => {});
    expect(sent).toEqual([]);
    expect(alert).not.toHaveBeenCalled();
    expect(label(panel.main())).toBe('BET');
    expect(store.get(openModalAtom)).toBe('profile');
  });

  it("alerts 'Not enough funds' below the amount and stops auto-bet", async () => {
    signIn(10_000);
    const panel = renderPanel();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fireEvent.click(panel.autoBet());
    fireEvent.click(panel.main());
    await act(async () => {});
    expect(alert).toHaveBeenCalledWith('Not enough funds');
    expect(panel.autoBet().checked).toBe(false);
    expect(sent).toEqual([]);
  });

  it('places the bet in hundredths with an Idempotency-Key while betting is open, then CANCEL returns to BET', async () => {
    signIn(100_000);
    const panel = renderPanel();
    fireEvent.change(panel.amount(), { target: { value: '12.34' } });
    fireEvent.click(panel.main());
    await waitFor(() => expect(label(panel.main())).toBe('CANCEL'));
    expect(sent[0]).toMatchObject({ path: '/bet/create', body: { amount: 1234 } });
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    fireEvent.click(panel.main());
    await waitFor(() => expect(label(panel.main())).toBe('BET'));
    expect(sent[1]).toMatchObject({
      path: '/bet/cancel',
      body: { betId: store.get(panelAtoms[0]!).betId ?? sent[1]!.body!.betId },
    });
  });

  it('with auto cash-out on, places an auto bet with its target', async () => {
    signIn(100_000);
    const panel = renderPanel();
    fireEvent.click(panel.autoCashOut());
    fireEvent.change(panel.rate(), { target: { value: '3.5' } });
    fireEvent.click(panel.main());
    await waitFor(() => expect(label(panel.main())).toBe('CANCEL'));
    expect(sent[0]).toMatchObject({ path: '/bet/create/auto', body: { amount: 20000, rate: 3.5 } });
  });

  it('turns CLAIM when the round starts, locks the amount, and a claim returns to BET', async () => {
    signIn(100_000);
    const panel = renderPanel();
    fireEvent.click(panel.main());
    await waitFor(() => expect(label(panel.main())).toBe('CANCEL'));
    act(() => receiveGameEvent(game('GAME_STARTED', '1')));
    expect(label(panel.main())).toBe('CLAIM');
    expect(panel.amount().disabled).toBe(true);
    expect((screen.getByRole('button', { name: '+500' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(panel.main());
    await waitFor(() => expect(label(panel.main())).toBe('BET'));
    expect(sent.at(-1)).toMatchObject({ path: '/bet/refund' });
  });

  it('outside the betting window BET waits for the next round, where the bet goes out once', async () => {
    signIn(100_000);
    act(() => receiveGameEvent(game('GAME_STARTED', '1')));
    const panel = renderPanel();
    fireEvent.click(panel.main());
    await act(async () => {});
    expect(label(panel.main())).toBe('WAITING');
    expect(sent).toEqual([]);
    act(() => receiveGameEvent(game('GAME_CREATED', '2')));
    // The round's GAME_CREATED seen again (the subscription's snapshot after a reconnect, GET
    // /game/info) opens nothing more: the panels hear of a round once.
    act(() => receiveGameEvent(game('GAME_CREATED', '2')));
    await act(() => loadRound(true));
    await waitFor(() => expect(label(panel.main())).toBe('CANCEL'));
    expect(sent.map((request) => request.path)).toEqual(['/bet/create']);
  });

  it('a press of WAITING, or changing either switch, withdraws the queued bet', async () => {
    signIn(100_000);
    act(() => receiveGameEvent(game('GAME_STARTED', '1')));
    const panel = renderPanel();
    for (const undo of [
      () => fireEvent.click(panel.main()),
      () => fireEvent.click(panel.autoBet()),
      () => fireEvent.click(panel.autoCashOut()),
    ]) {
      fireEvent.click(panel.main());
      await act(async () => {});
      expect(label(panel.main())).toBe('WAITING');
      undo();
      await act(async () => {});
      expect(label(panel.main())).toBe('BET');
    }
    act(() => receiveGameEvent(game('GAME_CREATED', '2')));
    await act(async () => {});
    expect(sent).toEqual([]);
  });

  it('auto-bet plays on after the round ends: WAITING, then the next bet', async () => {
    signIn(100_000);
    const panel = renderPanel();
    fireEvent.click(panel.autoBet());
    fireEvent.click(panel.main());
    await waitFor(() => expect(label(panel.main())).toBe('CANCEL'));
    act(() => receiveGameEvent(game('GAME_STARTED', '1')));
    act(() => receiveGameEvent(game('GAME_ENDED', '1')));
    expect(label(panel.main())).toBe('WAITING');
    act(() => receiveGameEvent(game('GAME_CREATED', '2')));
    await waitFor(() => expect(label(panel.main())).toBe('CANCEL'));
    expect(sent.filter((request) => request.path === '/bet/create')).toHaveLength(2);
  });

  it('without auto-bet the round end clears the bet', async () => {
    signIn(100_000);
    const panel = renderPanel();
    fireEvent.click(panel.main());
    await waitFor(() => expect(label(panel.main())).toBe('CANCEL'));
    act(() => receiveGameEvent(game('GAME_STARTED', '1')));
    act(() => receiveGameEvent(game('GAME_ENDED', '1')));
    expect(label(panel.main())).toBe('BET');
    expect(store.get(panelAtoms[0]!).betId).toBeNull();
  });

  it('a refused bet silently stops auto-bet', async () => {
    signIn(100_000);
    refuse['/bet/create'] = 'Betting is closed: wait for the next round';
    const panel = renderPanel();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fireEvent.click(panel.autoBet());
    fireEvent.click(panel.main());
    await waitFor(() => expect(panel.autoBet().checked).toBe(false));
    expect(label(panel.main())).toBe('BET');
    expect(alert).not.toHaveBeenCalled();
  });

  it('Space in the panel presses its main button', async () => {
    signIn(100_000);
    const panel = renderPanel();
    fireEvent.keyDown(panel.amount(), { key: ' ' });
    await waitFor(() => expect(label(panel.main())).toBe('CANCEL'));
  });
});
