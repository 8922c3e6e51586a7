import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_TEXTURES } from '../../src/client/stage/QualityGovernor';
import type { Envelope, RoundHistoryEntry } from '../../src/shared/protocol';
import { fixedCrashPoints } from '../server/crashPoints';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, probeStage, waitForStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';

const ROUND_SETTINGS = { STATIC_DIR: TEST_DIST, BETTING_MS: '1200', PAUSE_MS: '600', TICK_MS: '100' };
/** Every round crashes at x1.50, a flight of about 7 s: long enough to watch it fly, short enough not to wait. */
const CRASH_POINTS = [1.5];
/** A whole round here lasts about 9 s; this bounds every wait for a phase on a busy machine. */
const ROUNDS_TIMEOUT_MS = 120_000;
const TEST = { timeout: ROUNDS_TIMEOUT_MS * 2 };

/**
 * The stage in Chromium against the real server, drawn where a player's browser draws it (its
 * worker, path '/') and on the page (path '/?stage=page', the fallback), where the tests that
 * reach into Pixi run. `more` adds the tests of one place.
 */
interface SuiteContext {
  browser: () => Browser;
  origin: () => string;
}

function stageSuite(where: string, path: string, more: (context: SuiteContext) => void) {
  describe(`the stage ${where} in Chromium against the real server`, () => {
    let server: TestServer;
    let browser: Browser;
    let origin: string;
    /** Content-Security-Policy violations the page reported (the server sends its CSP with the page). */
    const violations: string[] = [];

    beforeAll(async () => {
      server = await startServer(ROUND_SETTINGS, { roundSecrets: fixedCrashPoints(CRASH_POINTS) });
      origin = server.api.replace('/api/v1', '');
      browser = await openBrowser({ phone: true });
      browser.page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await browser.page.goto(`${origin}${path}`);
      await waitForStage(browser.page, (probe) => probe.ready, 90_000);
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });


    it('renders with WebGL from a @pixi/react root, and the canvas draws a scene, not a blank', TEST, async () => {
      const probe = await waitForStage(browser.page, (state) => state.phase === 'flying', ROUNDS_TIMEOUT_MS);
      expect(probe.renderer).toBe('webgl');
      expect(probe.reactRoot).toBe(true);
      // Bright pixels (stars, the readout): the sky behind the canvas is a dark CSS gradient. A
      // worker's canvas shows its first frames a moment after it drew them.
      const litPixels = async () => {
        const shot = await browser.page.locator('.stage canvas').screenshot();
        const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
        let lit = 0;
        for (let offset = 0; offset < data.length; offset += info.channels)
          if ((data[offset] ?? 0) + (data[offset + 1] ?? 0) + (data[offset + 2] ?? 0) > 240) lit += 1;
        return lit;
      };
      await expect.poll(litPixels, { timeout: 10_000, interval: 250 }).toBeGreaterThan(200);
    });

    it("runs under the server's Content-Security-Policy without a violation", TEST, async () => {
      const csp = (await fetch(origin)).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      await waitForStage(browser.page, (state) => state.phase === 'flying', ROUNDS_TIMEOUT_MS);
      expect(violations).toEqual([]);
    });

    it("ends the readout at the round's final rate", TEST, async () => {
      const flying = await waitForStage(browser.page, (state) => state.phase === 'flying', ROUNDS_TIMEOUT_MS);
      const crashed = await waitForStage(
        browser.page,
        (state) => state.phase === 'crashed' && state.gameId === flying.gameId,
        ROUNDS_TIMEOUT_MS,
      );
      const last = (await (await fetch(`${server.api}/game/last`)).json()) as Envelope<RoundHistoryEntry[]>;
      const round = last.data?.find((entry) => entry.gameId === flying.gameId);
      expect(round).toBeDefined();
      expect(crashed.readout).toBe(`x${round!.rate.toFixed(2)}`);
    });

    it('stops the ticker in a hidden tab and starts it again when shown', TEST, async () => {
      const setHidden = (hidden: boolean) =>
        browser.page.evaluate((value) => {
          Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
          document.dispatchEvent(new Event('visibilitychange'));
        }, hidden);
      const running = async () => (await probeStage(browser.page)).running;
      await setHidden(true);
      await expect.poll(running, { timeout: 2000 }).toBe(false);
      await setHidden(false);
      await expect.poll(running, { timeout: 2000 }).toBe(true);
    });

    it('calms the scene when the player prefers reduced motion', TEST, async () => {
      const calm = async () => (await probeStage(browser.page)).calm;
      expect(await calm()).toBe(false);
      await browser.page.emulateMedia({ reducedMotion: 'reduce' });
      await expect.poll(calm, { timeout: 2000 }).toBe(true);
      await browser.page.emulateMedia({ reducedMotion: 'no-preference' });
    });

    more({ browser: () => browser, origin: () => origin });
  });
}

stageSuite('in its worker', '/', ({ browser, origin }) => {
  it('draws on the page where the browser cannot hand a canvas to a worker', TEST, async () => {
    const page = await browser().context.newPage();
    try {
      await page.addInitScript(() => {
        delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
      });
      await page.goto(origin());
      const probe = await waitForStage(page, (state) => state.ready, 90_000);
      expect(probe.renderer).toBe('webgl');
      // Pixi's application is the page's own: only the main thread's stage publishes it.
      expect(await page.evaluate(() => Boolean(window.__moonrush?.app))).toBe(true);
    } finally {
      await page.close();
    }
  });
});

stageSuite('on the page', '/?stage=page', ({ browser }) => {
  it("caps the batch shader's textures whatever the GPU offers", TEST, async () => {
    // The batch shader's texture chain stays short (batchTextureLimit.ts).
    const batchable = await browser().page.evaluate(() => window.__moonrush?.app?.renderer.limits.maxBatchableTextures);
    expect(batchable).toBe(BATCH_TEXTURES);
  });

  it('commits nothing in React per GAME_RATE while the rocket flies', TEST, async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const start = await waitForStage(browser().page, (state) => state.phase === 'flying', ROUNDS_TIMEOUT_MS);
      await browser().page.evaluate(() => window.__moonrush?.runner?.meter.drain());
      await browser().page.waitForTimeout(600);
      const end = await probeStage(browser().page);
      const frames = await browser().page.evaluate(() => window.__moonrush?.runner?.meter.drain().work.length ?? 0);
      if (end.phase !== 'flying' || end.gameId !== start.gameId) continue;
      expect(frames).toBeGreaterThan(10);
      expect(start.commits).toBeGreaterThan(0);
      // Six GAME_RATE ticks arrive in the window and commit nothing (one commit each would fail
      // this); the header's latency readout, probed every 5 s (LATENCY_PROBE_MS), may land in it once.
      expect(end.commits - start.commits).toBeLessThanOrEqual(1);
      return;
    }
    throw new Error('No round flew for 600 ms in five tries');
  });

  it("draws the readout's glyph sprites where Pixi's BitmapText draws the same text", TEST, async () => {
    const { page } = browser();
    const canvas = page.locator('.stage canvas');
    for (const [text, size] of [
      ['x12.34', 53],
      ['x1.00', 72],
      ['9.9s', 40],
      ['x1000.07', 31.3],
    ] as const) {
      // The same text at the same size above (BitmapText, the caption's class) and below (GlyphText, the value's).
      const pair = await page.evaluateHandle(
        ([text, size]) => {
          const { app, runner } = window.__moonrush!;
          const readout = runner!.scene.readout;
          runner!.scene.visible = false;
          return [readout.caption.constructor, readout.value.constructor].map((Text, index) => {
            const Line = Text as new (options: object) => typeof readout.caption;
            const line = new Line({ text, style: { fontFamily: 'moonrush-readout', fontSize: size }, anchor: 0.5 });
            line.position.set(150.25, 60 + 100 * index);
            return app!.stage.addChild(line);
          });
        },
        [text, size] as const,
      );
      // Two animation frames: Pixi's ticker has drawn the pair in the first.
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
      const shot = await canvas.screenshot();
      await pair.evaluate((lines) => lines.forEach((line) => line.destroy()));
      const band = async (top: number) => {
        const { data, info } = await sharp(shot)
          .extract({ left: 0, top: top * 2, width: 600, height: 160 })
          .raw()
          .toBuffer({ resolveWithObject: true });
        // One entry per channel of each pixel; `row` entries make a row of pixels.
        return {
          lit: data.map((value) => (value > 150 ? 1 : 0)),
          pixel: info.channels,
          row: info.width * info.channels,
        };
      };
      const [above, below] = [await band(10), await band(110)];
      // A lit pixel of one line matches when the other lights the same pixel or a neighbour: Chromium
      // builds round glyph edges differently by a device pixel (half a CSS pixel), which no player sees;
      // a glyph placed a CSS pixel off, or the wrong glyph, still fails.
      const unmatched = (line: typeof above, other: typeof above) =>
        line.lit.reduce((sum, value, index) => {
          if (value === 0) return sum;
          const near = [0, -line.pixel, line.pixel, -line.row, line.row].some((step) => other.lit[index + step] === 1);
          return sum + (near ? 0 : 1);
        }, 0);
      const lit = above.lit.reduce((sum, value) => sum + value, 0);
      expect(lit, text).toBeGreaterThan(1000);
      expect((unmatched(above, below) + unmatched(below, above)) / lit, text).toBeLessThan(0.01);
    }
    await page.evaluate(() => (window.__moonrush!.runner!.scene.visible = true));
  });
});
