// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

async function renderToggle() {
  const { SoundToggle } = await import('../../src/client/hud/header/SoundToggle');
  render(
    <Provider store={createStore()}>
      <SoundToggle />
    </Provider>,
  );
  return screen.getByRole('button');
}

describe('the header sound toggle', () => {
  it('shows the speaker on, turns sound off and back on, and remembers it', async () => {
    const button = await renderToggle();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Sound on');
    expect(button.querySelector('img')!.getAttribute('src')).toContain('icon-sound-on.png');

    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Sound off');
    expect(button.querySelector('img')!.getAttribute('src')).toContain('icon-sound-off.png');
    expect(localStorage.getItem('sound')).toBe('false');

    cleanup();
    vi.resetModules();
    const reloaded = await renderToggle();
    expect(reloaded.getAttribute('aria-label')).toBe('Sound off');
    fireEvent.click(reloaded);
    expect(localStorage.getItem('sound')).toBe('true');
  });
});
