// @vitest-environment jsdom
import { createStore } from 'jotai';
import { resetStore, store } from '../../src/client/state/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineRate, flightMultiplier } from '../../src/client/audio/engineRate';
import { driveRoundSounds, ENGINE_RATE_MS } from '../../src/client/audio/roundSounds';
import { SoundPlayer } from '../../src/client/audio/SoundPlayer';
import { clockOffsetAtom } from '../../src/client/state/clockAtom';
import { INITIAL_ROUND, roundAtom, type RoundState } from '../../src/client/state/roundAtom';
import { rateAt } from '../../src/shared/growth';

/** howler at the module boundary: records what the player asks of it. */
function fakeHowler() {
  const calls: string[] = [];
  let nextId = 1;
  const howl = {
    play: vi.fn((name: string) => (calls.push(`play ${name}`), nextId++)),
    stop: vi.fn((id: number) => calls.push(`stop ${id}`)),
    rate: vi.fn(),
    volume: vi.fn(),
  };
  const Howl = vi.fn(function (_options: unknown) {
    return howl;
  });
  const Howler = { mute: vi.fn((muted: boolean) => calls.push(`mute ${muted}`)) };
  const load = vi.fn(async () => ({ Howl, Howler }) as never);
  return { calls, howl, Howl, Howler, load };
}

let hidden = false;
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });

function setHidden(value: boolean) {
  hidden = value;
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Lets the dynamic import of howler settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const players: SoundPlayer[] = [];
function startedPlayer() {
  const fake = fakeHowler();
  const player = new SoundPlayer(fake.load, '/');
  player.start();
  players.push(player);
  return { player, ...fake };
}

beforeEach(() => {
  hidden = false;
});
afterEach(() => {
  // Each test's player keeps listening on window; a gesture in a later test must not reach it.
  for (const player of players.splice(0)) player.setEnabled(false);
  vi.useRealTimers();
});

describe('the gesture gate', () => {
  it('loads nothing and plays nothing before the first pointerdown or keydown', async () => {
    const { player, load, Howl, howl } = startedPlayer();
    player.play('bet');
    player.setEngine(true);
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(Howl).not.toHaveBeenCalled();
    expect(howl.play).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('keydown'));
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(Howl).toHaveBeenCalledOnce();
    const options = Howl.mock.calls[0]![0] as {
      src: string[];
      sprite: Record<string, [number, number, boolean]>;
    };
    expect(options.src).toEqual(['/sounds/sfx.webm', '/sounds/sfx.mp3']);
    expect(options.sprite.engine![2]).toBe(true);
    // The engine asked for before the gesture starts now; one-shots asked for before are dropped.
    expect(howl.play.mock.calls.map(([name]) => name)).toEqual(['engine']);
    player.play('bet');
    expect(howl.play).toHaveBeenLastCalledWith('bet');
    window.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(load).toHaveBeenCalledOnce();
  });
});

describe('a hidden tab', () => {
  it('is silent: mutes, stops the engine and drops one-shots, and picks up again when shown', async () => {
    const { player, calls, howl } = startedPlayer();
    window.dispatchEvent(new Event('pointerdown'));
    await settle();
    player.setEngine(true);
    calls.length = 0;

    setHidden(true);
    player.play('cashout');
    expect(calls).toEqual(['mute true', 'stop 1']);

    setHidden(false);
    expect(calls.slice(2)).toEqual(['mute false', 'play engine']);
    player.play('cashout');
    expect(howl.play).toHaveBeenLastCalledWith('cashout');
  });

  it('stays silent if the page starts hidden', async () => {
    hidden = true;
    const { player, howl } = startedPlayer();
    window.dispatchEvent(new Event('pointerdown'));
    await settle();
    player.play('bet');
    expect(howl.play).not.toHaveBeenCalled();
  });
});

describe('the sound preference', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('is on by default, and off is kept in localStorage under "sound" across page loads', async () => {
    const first = await import('../../src/client/state/soundAtom');
    const store = createStore();
    expect(store.get(first.soundEnabledAtom)).toBe(true);
    store.set(first.soundEnabledAtom, false);
    expect(localStorage.getItem('sound')).toBe('false');

    vi.resetModules();
    const reloaded = await import('../../src/client/state/soundAtom');
    expect(createStore().get(reloaded.soundEnabledAtom)).toBe(false);
  });

  it('treats a stored value that is not true or false as on', async () => {
    localStorage.setItem('sound', '"loud"');
    const { soundEnabledAtom } = await import('../../src/client/state/soundAtom');
    expect(createStore().get(soundEnabledAtom)).toBe(true);
  });

  it('off mutes the player and stops the engine', async () => {
    const { player, calls, howl } = startedPlayer();
    window.dispatchEvent(new Event('pointerdown'));
    await settle();
    player.setEngine(true);
    player.setEnabled(false);
    player.play('bet');
    expect(calls.slice(-2)).toEqual(['mute true', 'stop 1']);
    expect(howl.play).not.toHaveBeenCalledWith('bet');
  });
});

describe('the engine follows the round', () => {
  it('maps the multiplier to a rising, capped playback rate', () => {
    expect(engineRate(1)).toBe(1);
    expect(engineRate(0.5)).toBe(1);
    expect(engineRate(2)).toBeCloseTo(1.3);
    expect(engineRate(10)).toBeGreaterThan(engineRate(2));
    expect(engineRate(32)).toBeCloseTo(2.5);
    expect(engineRate(1000)).toBe(2.5);
    expect(flightMultiplier(10_000, 500, 12_000)).toBeCloseTo(rateAt(2_500));
  });

  it('plays launch, loops the engine at the multiplier while flying, and crashes at the end', async () => {
    vi.useFakeTimers({ now: 100_000 });
    resetStore();
    const { player, howl } = startedPlayer();
    window.dispatchEvent(new Event('pointerdown'));
    await vi.runOnlyPendingTimersAsync();
    const round = (patch: Partial<RoundState>) => store.set(roundAtom, { ...store.get(roundAtom), ...patch });
    store.set(clockOffsetAtom, 1_000);
    round({ gameId: 'g1', state: 'CREATED' });
    const stop = driveRoundSounds(player);

    // Server time is ours + 1 s; the round started 3 s ago by the server's clock.
    round({ state: 'STARTED', startedAt: 98_000 });
    expect(howl.play.mock.calls.map(([name]) => name)).toEqual(['launch', 'engine']);
    expect(howl.rate).toHaveBeenLastCalledWith(engineRate(rateAt(3_000)), 2);

    vi.advanceTimersByTime(ENGINE_RATE_MS);
    expect(howl.rate).toHaveBeenLastCalledWith(engineRate(rateAt(3_000 + ENGINE_RATE_MS)), 2);
    round({ rate: 1.5 }); // a GAME_RATE tick changes nothing for the sound
    expect(howl.play).toHaveBeenCalledTimes(2);

    round({ state: 'ENDED' });
    expect(howl.stop).toHaveBeenCalledWith(2);
    expect(howl.play).toHaveBeenLastCalledWith('crash');
    const rates = howl.rate.mock.calls.length;
    vi.advanceTimersByTime(ENGINE_RATE_MS * 5);
    expect(howl.rate.mock.calls.length).toBe(rates);
    stop();
  });

  it('joins a flight already under way with the engine but no launch', async () => {
    resetStore();
    const { player, howl } = startedPlayer();
    window.dispatchEvent(new Event('pointerdown'));
    await settle();
    store.set(roundAtom, { ...INITIAL_ROUND, gameId: 'g2', state: 'STARTED', startedAt: Date.now() - 1_000 });
    const stop = driveRoundSounds(player);
    expect(howl.play.mock.calls.map(([name]) => name)).toEqual(['engine']);
    stop();
    expect(howl.stop).toHaveBeenCalledOnce();
  });
});
