// @vitest-environment jsdom
import './canvasShim';
import { Container, Rectangle, Texture, Ticker, type Application } from 'pixi.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SceneRunner } from '../../src/client/stage/SceneRunner';
import { stageTextures } from '../../src/client/stage/textures';
import { stageWords } from '../../src/client/stage/words';
import { INITIAL_ROUND } from '../../src/client/state/roundAtom';
import { INITIAL_TICK } from '../../src/client/state/tickAtom';

let clock = 0;

/** Just enough of a Pixi Application for the runner: a ticker driven by hand, a screen and a renderer. */
function fakeApp(): Application {
  return {
    ticker: new Ticker(),
    stage: new Container(),
    screen: new Rectangle(0, 0, 800, 400),
    renderer: { on: () => undefined, off: () => undefined, resize: () => undefined },
  } as unknown as Application;
}

function frames(app: Application, count: number, gapMs: number): void {
  for (let frame = 0; frame < count; frame += 1) {
    clock += gapMs;
    app.ticker.update(clock);
  }
}

beforeEach(() => {
  clock = 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  vi.stubGlobal('requestAnimationFrame', () => 1);
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the scene runner', () => {
  it('keeps the quality level when the tab is hidden for seconds and shown again, three times', () => {
    const app = fakeApp();
    const feed = { round: () => INITIAL_ROUND, tick: () => INITIAL_TICK, clockOffset: () => 0 };
    const runner = new SceneRunner(app, stageTextures(() => Texture.WHITE), stageWords(), feed, 1);
    app.ticker.start();
    frames(app, 120, 16.7);
    for (let cycle = 0; cycle < 3; cycle += 1) {
      runner.setVisible(false);
      expect(app.ticker.started).toBe(false);
      clock += 2000;
      runner.setVisible(true);
      expect(app.ticker.started).toBe(true);
      frames(app, 5, 100);
      frames(app, 120, 16.7);
    }
    expect(runner.quality.level).toBe(0);
    runner.destroy();
  });
});
