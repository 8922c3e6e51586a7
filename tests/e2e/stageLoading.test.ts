/**
 * The round is readable before the stage has loaded (docs/hud.md "Parts"): with the stage's chunks
 * held back, the HUD shows the betting window's countdown and the multiplier from the round's
 * events, and a bet placed in the first betting window the page shows is taken.
 */

import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCrashPoints } from '../server/crashPoints';
import { fundedPlayer } from '../server/betting';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, probeStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';
import { balanceReads } from './walletPage';

const TEST = { timeout: 180_000 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 60_000, interval: 50 });

describe('while the stage loads', () => {
  let server: TestServer;
  let browser: Browser;
  /** The stage's chunks wait here until the test lets them go. */
  const held: Route[] = [];

  beforeAll(async () => {
    // Every round flies to x2.00: a few seconds of flight to read.
    server = await startServer(
      { STATIC_DIR: TEST_DIST, BETTING_MS: '4000', PAUSE_MS: '600', TICK_MS: '100' },
      { roundSecrets: fixedCrashPoints([2]) },
    );
    browser = await openBrowser();
  }, 240_000);

  afterAll(async () => {
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    await browser?.close();
    await server?.close();
  });

  it('shows the countdown and the multiplier, and takes a bet in the first betting window', TEST, async () => {
    const { page } = browser;
    await page.route(/\/assets\/(StageHost|stageWorker|pageStage)-[^/]*\.js$/, (route) => void held.push(route));
    const player = await fundedPlayer(server.api, server.server.services.database.db, 100_000);
    await page.addInitScript((token) => localStorage.setItem('access_token', token), player.token);
    await page.goto(server.api.replace('/api/v1', ''));
    const caption = () => page.locator('.stage-loading-caption').textContent();
    const figure = () => page.locator('.stage-loading-figure').textContent();

    // The first betting window the page shows: its countdown, then BET, taken (CANCEL) before it closes.
    await poll(caption).toBe('Waiting for the next round');
    expect(await figure()).toMatch(/^\d+\.\ds$/);
    const bet = page.getByTestId('bet-main-0');
    await balanceReads(page, '1.000 $');
    await bet.click();
    await poll(() => bet.locator('.bet-main-label').textContent()).toBe('CANCEL');
    expect(await caption()).toBe('Waiting for the next round');

    // The flight, in figures, and the crash.
    await poll(figure).toMatch(/^x1\.[1-9]\d$/);
    await poll(caption).toBe('FLEW AWAY');
    expect(await figure()).toBe('x2.00');
    // All the while, the stage had not loaded.
    expect(held.length).toBeGreaterThan(0);
    expect((await probeStage(page)).ready).toBe(false);
    expect(await page.locator('.stage-loading').count()).toBe(1);
  });
});
