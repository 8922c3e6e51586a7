/**
 * Headless Chromium for browser tests and the frame benchmark: CHROME_PATH, else the system's
 * /usr/bin/chromium, else the one the `@sparticuz/chromium` dev package unpacks into the temp
 * folder on first use (linux-x64; WebGL through SwiftShader), so a machine with only Node runs them.
 */

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** The Chromium to launch; the first call on a machine without one unpacks the npm package's. */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const { default: shipped } = await import('@sparticuz/chromium');
  return shipped.executablePath();
}

export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Composites with ANGLE on SwiftShader's Vulkan device, as a phone composites on its GPU. By
 * default headless Chromium composites in software and reads every WebGL frame back (Chromium's
 * own ReadPixels, which logs "GPU stall due to ReadPixels"); the page itself never reads pixels.
 */
export const GPU_COMPOSITING = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/** The phones the layout is checked on (docs/hud.md "The phone"), width × height in CSS px. */
export const PHONE_SIZES = [
  [360, 640],
  [390, 844],
] as const;

/**
 * A fresh profile (mkdtemp) and one page; `phone` emulates a 360x640 screen at devicePixelRatio 2;
 * `gpuCompositing` adds GPU_COMPOSITING; `locale` is the browser's language (navigator.languages), en-US unless given.
 */
export async function openBrowser(
  options: { phone?: boolean; gpuCompositing?: boolean; locale?: string } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'moonrush-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: await chromiumPath(),
    headless: true,
    args: options.gpuCompositing ? [...FLAGS, ...GPU_COMPOSITING] : FLAGS,
    viewport: options.phone ? { width: 360, height: 640 } : { width: 1280, height: 800 },
    deviceScaleFactor: options.phone ? 2 : 1,
    isMobile: options.phone ?? false,
    // A stated language: a Chromium without the host's locale data reports 'en-US@posix', a tag Intl
    // refuses (uPlot formats with navigator.language as it loads), which no player's browser sends.
    locale: options.locale ?? 'en-US',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** What the page exposes of the stage (window.__moonrush.stage, src/client/stage/testHooks.ts) and its commits. */
interface StageProbe {
  ready: boolean;
  renderer: string | null;
  phase: string | null;
  gameId: string | null;
  readout: string | null;
  /** The ticker runs (it stops in a hidden tab). */
  running: boolean | null;
  calm: boolean | null;
  /** The application is the stage of a @pixi/react root. */
  reactRoot: boolean | null;
  commits: number;
}

/** Reads the stage's state from the page. */
export function probeStage(page: Page): Promise<StageProbe> {
  return page.evaluate(() => {
    const hooks = window.__moonrush;
    const commits = hooks?.commits ?? 0;
    const probe = hooks?.stage?.();
    if (probe) return { ready: true, ...probe, commits };
    return { ready: false, renderer: null, phase: null, gameId: null, readout: null, running: null, calm: null, reactRoot: null, commits };
  });
}

/** Polls `probeStage` until `done` holds, at most `timeoutMs`. */
export async function waitForStage(
  page: Page,
  done: (probe: StageProbe) => boolean,
  timeoutMs: number,
): Promise<StageProbe> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const probe = await probeStage(page);
    if (done(probe)) return probe;
    if (Date.now() > deadline)
      throw new Error(`The stage did not get there in ${timeoutMs} ms: ${JSON.stringify(probe)}`);
    await page.waitForTimeout(50);
  }
}

/**
 * Waits for a betting window to open, so a press of BET has the whole window to land in. A window
 * already open may close between the probe and the press on a busy machine.
 */
export async function waitForBettingWindow(page: Page, timeoutMs = 60_000): Promise<void> {
  await waitForStage(page, (probe) => probe.phase !== null && probe.phase !== 'waiting', timeoutMs);
  await waitForStage(page, (probe) => probe.phase === 'waiting', timeoutMs);
}
