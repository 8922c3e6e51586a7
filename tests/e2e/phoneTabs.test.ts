/**
 * On a phone the second bet panel and the live bets are reachable without losing sight of the
 * multiplier (docs/hud.md "The phone"), in Chromium on 360×640 and 390×844: the tabs under the stage
 * put either in the first panel's place, and the stage, where the multiplier is read, stays whole
 * in the viewport while the second panel is used and the live bets are read.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCrashPoints } from '../server/crashPoints';
import { fundedPlayer } from '../server/betting';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, PHONE_SIZES, waitForBettingWindow, waitForStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';
import { balanceReads, openWithStorage } from './walletPage';

const TEST = { timeout: 180_000 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 60_000, interval: 100 });

/** How much of `selector`'s box lies outside the viewport, above and below (0 and 0: all of it in view). */
const outside = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const box = document.querySelector(selector)!.getBoundingClientRect();
    return [Math.max(0, -box.top), Math.max(0, box.bottom - innerHeight)];
  }, selector);

describe('a phone reaches the second panel and the live bets', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(
      { STATIC_DIR: TEST_DIST, BETTING_MS: '4000', PAUSE_MS: '500', TICK_MS: '100' },
      { roundSecrets: fixedCrashPoints([1.5]) },
    );
    browser = await openBrowser({ phone: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [width, height] of PHONE_SIZES) {
    it(`keeps the stage in view while panel 2 bets and the live bets show on ${width}×${height}`, TEST, async () => {
      const { page } = browser;
      const player = await fundedPlayer(server.api, server.server.services.database.db, 100_000);
      await page.setViewportSize({ width, height });
      await openWithStorage(page, server.api.replace('/api/v1', ''), { access_token: player.token });
      await balanceReads(page, '1.000 $');
      await waitForStage(page, (probe) => probe.ready, 90_000);

      // Panel 2 takes panel 1's place; its bet goes in while the stage stays whole in view.
      const second = page.getByRole('group', { name: 'Bet panel 2' });
      expect(await second.isVisible()).toBe(false);
      await page.getByRole('tab', { name: 'Bet 2' }).click();
      expect(await page.getByRole('group', { name: 'Bet panel 1' }).isVisible()).toBe(false);
      await second.getByRole('button', { name: '+100' }).click();
      await poll(() => second.getByLabel('Bet amount').inputValue()).toBe('300');
      // A busy machine can deliver the click after the betting window: then the next window.
      const label = () => page.getByTestId('bet-main-1').locator('.bet-main-label').textContent();
      for (let attempt = 1; ; attempt++) {
        await waitForBettingWindow(page);
        await page.getByTestId('bet-main-1').click();
        const placed = await expect
          .poll(label, { timeout: 15_000, interval: 100 })
          .toBe('CANCEL')
          .then(
            () => true,
            () => false,
          );
        if (placed) break;
        if (attempt === 3) throw new Error('No bet went in during three betting windows');
      }
      expect(await outside(page, '.stage-slot')).toEqual([0, 0]);
      expect(await outside(page, '[data-testid="bet-main-1"] .bet-main-label')).toEqual([0, 0]);
      // Panel 1's tab says panel 2 holds a bet when panel 1 shows.
      await page.getByRole('tab', { name: 'Bet 1' }).click();
      await poll(() => page.getByRole('tab', { name: /^Bet 2/ }).textContent()).toBe('Bet 2holds a bet');

      // The live bets: the player's bet among them, the stage still whole in view.
      await page.getByRole('tab', { name: 'Live bets' }).click();
      await page.locator('.app-bets').getByRole('tab', { name: 'My' }).click();
      await poll(() => page.locator('.app-bets').getByText('300', { exact: false }).count()).toBeGreaterThan(0);
      expect(await outside(page, '.stage-slot')).toEqual([0, 0]);
      expect(await outside(page, '.app-bets .bets-filter')).toEqual([0, 0]);
      await page.getByRole('tab', { name: 'Bet 1' }).click();
    });
  }
});
