// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BETS_COUNTER_ANIMATION_MS } from '../../src/shared/constants';
import { BetsCounter } from '../../src/client/hud/bets/BetsCounter';
import { betsAtom } from '../../src/client/state/betsAtom';
import type { PlayerBet } from '../../src/client/state/betStatus';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const bets = (count: number) => Array.from({ length: count }, () => ({}) as PlayerBet);

describe('All Bets', () => {
  it('counts up to each new number of bets over its animation with no React render a frame', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const store = createStore();
    store.set(betsAtom, bets(2));
    let renders = 0;
    render(
      <Provider store={store}>
        <Profiler id="counter" onRender={() => (renders += 1)}>
          <BetsCounter />
        </Profiler>
      </Provider>,
    );
    const value = screen.getByTestId('bets-count');
    expect(value.textContent).toBe('2');
    const afterMount = renders;
    act(() => store.set(betsAtom, bets(40)));
    const seen = new Set<string>();
    for (let ms = 0; ms < BETS_COUNTER_ANIMATION_MS / 2; ms += 16) {
      act(() => vi.advanceTimersByTime(16));
      seen.add(value.textContent!);
    }
    // On its way: numbers between the two, not a jump.
    expect([...seen].some((text) => Number(text) > 2 && Number(text) < 40)).toBe(true);
    act(() => vi.advanceTimersByTime(BETS_COUNTER_ANIMATION_MS));
    expect(value.textContent).toBe('40');
    act(() => store.set(betsAtom, bets(0)));
    act(() => vi.advanceTimersByTime(BETS_COUNTER_ANIMATION_MS + 32));
    expect(value.textContent).toBe('0');
    expect(renders).toBe(afterMount);
  });
});
