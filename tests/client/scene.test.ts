// @vitest-environment jsdom
import './canvasShim';
import { Texture } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { msToRate } from '../../src/shared/growth';
import { computeFrame, createFrameState } from '../../src/client/stage/frameState';
import { Scene } from '../../src/client/stage/Scene';
import { stageTextures } from '../../src/client/stage/textures';
import { INITIAL_ROUND, type RoundState } from '../../src/client/state/roundAtom';

const NOW = 1_000_000;

function sceneAt(round: RoundState, width = 800, height = 400) {
  const scene = new Scene(stageTextures(() => Texture.WHITE));
  scene.resize(width, height);
  const frame = computeFrame(createFrameState(), round, NOW, 0);
  scene.update(1 / 60, frame);
  return { scene, frame };
}

const flying = (elapsedMs: number, rate: number): RoundState => ({
  ...INITIAL_ROUND,
  gameId: '1',
  state: 'STARTED',
  startedAt: NOW - elapsedMs,
  confirmedMs: elapsedMs - 50,
  rate,
});

describe('the scene for a given round', () => {
  it('puts the rocket at the tip of the curve, 80 % across and up, with the readout showing the rate', () => {
    const elapsed = msToRate(2.5) + 1;
    const { scene } = sceneAt(flying(elapsed, 2.49));
    const box = scene.plot;
    expect(scene.rocket.visible).toBe(true);
    expect(scene.rocket.x).toBeCloseTo(box.left + box.width * 0.8, 0);
    expect(Math.abs(scene.rocket.y - (box.top + box.height * 0.2))).toBeLessThan(2);
    expect(scene.rocket.rotation).toBeLessThan(0);
    expect(scene.readout.visible).toBe(true);
    expect(scene.readout.text).toBe('x2.50');
    expect(scene.readout.caption.visible).toBe(false);
    expect(scene.loader.visible).toBe(false);
  });

  it('keeps a young round inside the minimum window', () => {
    const { scene } = sceneAt(flying(2000, 1.12), 360, 220);
    const box = scene.plot;
    expect(scene.rocket.x).toBeCloseTo(box.left + box.width * 0.2, 0);
    expect(scene.rocket.y).toBeGreaterThan(box.top + box.height * 0.7);
    expect(scene.readout.text).toBe('x1.12');
  });

  it('shows FLEW AWAY with the final rate once the round has ended', () => {
    const round: RoundState = { ...flying(msToRate(3.3381), 3.33), state: 'ENDED', fullRate: 3.3381, salt: 's' };
    const { scene } = sceneAt(round);
    expect(scene.readout.text).toBe('x3.33');
    expect(scene.readout.caption.visible).toBe(true);
    expect(scene.readout.caption.text).toBe('FLEW AWAY');
  });

  it('shows the loader with the countdown while the round is CREATED', () => {
    const round: RoundState = { ...INITIAL_ROUND, gameId: '2', state: 'CREATED', startsAt: NOW + 2450 };
    const { scene, frame } = sceneAt(round);
    expect(frame.countdownMs).toBe(2450);
    expect(scene.loader.visible).toBe(true);
    expect(scene.rocket.visible).toBe(false);
    expect(scene.readout.visible).toBe(false);
  });

  it('stops the numbers and shows the lag notice when ticks are late', () => {
    const round: RoundState = { ...flying(5000, 1.06), confirmedMs: 1000 };
    const { scene, frame } = sceneAt(round);
    expect(frame.lag).toBe(true);
    expect(frame.elapsedMs).toBe(1300);
    expect(scene.readout.notice.visible).toBe(true);
  });

  it('lowers the star count with the quality density', () => {
    const { scene } = sceneAt(flying(1000, 1.06));
    const full = scene.background.starCount;
    scene.background.setDensity(0.2);
    expect(full).toBeGreaterThan(20);
    expect(Math.abs(scene.background.starCount - full * 0.2)).toBeLessThanOrEqual(2);
  });
});
