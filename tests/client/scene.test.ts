// @vitest-environment jsdom
import './canvasShim';
import { ParticleContainer, Rectangle, Texture, TextureSource, type Container } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { msToRate } from '../../src/shared/growth';
import { computeFrame, createFrameState } from '../../src/client/flight/frame';
import { Scene } from '../../src/client/stage/Scene';
import { stageTextures } from '../../src/client/stage/textures';
import { stageWords } from '../../src/client/stage/words';
import { INITIAL_ROUND, type RoundState } from '../../src/client/state/roundAtom';
import { INITIAL_TICK, type TickState } from '../../src/client/state/tickAtom';

const NOW = 1_000_000;
/** The rocket art is 64x32 and the crash burst 64x64; the other textures' sizes do not matter here. */
const ROCKET = new Texture({ source: new TextureSource({ width: 64, height: 32 }) });
const BLAST = new Texture({ source: new TextureSource({ width: 64, height: 64 }) });
const texture = (name: string) => (name === 'rocket.png' ? ROCKET : name.startsWith('blast') ? BLAST : Texture.WHITE);
/** A phone's stage (360x640 screen) and a desktop's. */
const PHONE = [344, 222] as const;
const DESKTOP = [1100, 540] as const;

/** A round and its last tick, as the atoms hold them. */
interface View {
  round: RoundState;
  tick: TickState;
}

const still = (round: RoundState): View => ({ round, tick: INITIAL_TICK });

function sceneAt({ round, tick }: View, [width, height]: readonly [number, number] = DESKTOP) {
  const scene = new Scene(stageTextures(texture), stageWords());
  scene.resize(width, height);
  const frame = computeFrame(createFrameState(), round, tick, NOW, 0);
  scene.update(1 / 60, frame);
  return { scene, frame };
}

/** The box a line of readout text covers: monospace glyphs 0.6 em wide, a line 1.2 em tall with the stroke. */
function textBox(readout: Container, text: { text: string; y: number; style: { fontSize: number } }): Rectangle {
  const { fontSize } = text.style;
  const width = text.text.length * 0.6 * fontSize;
  return new Rectangle(readout.x - width / 2, readout.y + text.y - 0.6 * fontSize, width, 1.2 * fontSize);
}

const flying = (elapsedMs: number, rate: number): View => ({
  round: { ...INITIAL_ROUND, gameId: '1', state: 'STARTED', startedAt: NOW - elapsedMs },
  tick: { ...INITIAL_TICK, gameId: '1', confirmedMs: elapsedMs - 50, rate },
});

/** The round of `view` ended at fullRate. */
const crashed = ({ round, tick }: View, fullRate: number): View => ({
  round: { ...round, state: 'ENDED', fullRate, rate: Math.floor(fullRate * 100) / 100, salt: 's' },
  tick,
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
    const { scene } = sceneAt(flying(2000, 1.12), PHONE);
    const box = scene.plot;
    expect(scene.rocket.x).toBeCloseTo(box.left + box.width * 0.2, 0);
    expect(scene.rocket.y).toBeGreaterThan(box.top + box.height * 0.7);
    expect(scene.readout.text).toBe('x1.12');
  });

  it('keeps the readout off the rocket on a phone, from a young round to a long one', () => {
    for (const rate of [1.3, 1.5, 1.8, 2.5, 12.34, 150.5]) {
      const { scene } = sceneAt(flying(msToRate(rate), rate), PHONE);
      const rocket = scene.rocket.getBounds().rectangle;
      expect(rocket.intersects(textBox(scene.readout, scene.readout.value)), `x${rate}`).toBe(false);
    }
  });

  it('keeps FLEW AWAY off the crash burst on a phone', () => {
    const fullRate = 14.2;
    const { scene } = sceneAt(flying(msToRate(fullRate) - 50, 14.17), PHONE);
    const { round, tick } = crashed(flying(msToRate(fullRate), 14.2), fullRate);
    scene.calm = true;
    scene.update(1 / 60, computeFrame(createFrameState(), round, tick, NOW, 0));
    const readout = scene.readout;
    expect(readout.caption.visible).toBe(true);
    const burst = scene.crash.getBounds().rectangle;
    expect(burst.width).toBeGreaterThan(0);
    for (const line of [readout.value, readout.caption]) expect(burst.intersects(textBox(readout, line))).toBe(false);
  });

  it('shows FLEW AWAY with the final rate once the round has ended', () => {
    const { scene } = sceneAt(crashed(flying(msToRate(3.3381), 3.33), 3.3381));
    expect(scene.readout.text).toBe('x3.33');
    expect(scene.readout.caption.visible).toBe(true);
    expect(scene.readout.caption.text).toBe('FLEW AWAY');
  });

  it('shows the loader with the countdown while the round is CREATED', () => {
    const { scene, frame } = sceneAt(still({ ...INITIAL_ROUND, gameId: '2', state: 'CREATED', startsAt: NOW + 2450 }));
    expect(frame.countdownMs).toBe(2450);
    expect(scene.loader.visible).toBe(true);
    expect(scene.loader.children[3]!.visible).toBe(true);
    expect(scene.rocket.visible).toBe(false);
    expect(scene.readout.visible).toBe(false);
  });

  it('shows only the title, no 0.0s countdown, before any round is known', () => {
    const { scene, frame } = sceneAt(still(INITIAL_ROUND));
    expect(frame.phase).toBe('loading');
    expect(scene.loader.visible).toBe(true);
    const [title, , , countdown] = scene.loader.children;
    expect([title!.visible, countdown!.visible]).toEqual([true, false]);
  });

  it('stops the numbers and shows the lag notice when ticks are late', () => {
    const late = flying(5000, 1.06);
    const { scene, frame } = sceneAt({ ...late, tick: { ...late.tick, confirmedMs: 1000 } });
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

  it('draws every star in one particle container, behind the planets (one draw a frame)', () => {
    const { scene } = sceneAt(flying(1000, 1.06), PHONE);
    const fields = scene.background.children.filter((child) => child instanceof ParticleContainer);
    expect(fields).toHaveLength(1);
    expect(fields[0]!.particleChildren).toHaveLength(scene.background.starCount);
    expect(scene.background.getChildIndex(fields[0]!)).toBe(0);
  });
});
