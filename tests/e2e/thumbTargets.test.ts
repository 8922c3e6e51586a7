/**
 * A phone fits the thumb, in Chromium on 360×640 and 390×844: every control a thumb uses (BET and the
 * panels' −, +, quick-adds, amount and target, the Auto bet and Auto cash out switches, the Auto part
 * and its fields, the tabs under the stage, the bets' filters, the history chips and Fairness, the header's buttons, the menu's
 * entries and the dialogs' buttons and fields) has a box of at least 44×44 CSS px, and nothing
 * overflows the page sideways.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCrashPoints } from '../server/crashPoints';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, PHONE_SIZES, type Browser } from './browser';
import { TEST_DIST } from './buildClient';

const TEST = { timeout: 180_000 };
/** WCAG 2.5.5's target size and Apple's 44 pt, in CSS px. */
const THUMB = 44;

/** Every control in `scope` the player can see, with its box: a switch's label is its target, its checkbox hidden. */
function controls(page: Page, scope: string) {
  return page.evaluate((scope) => {
    const found: { what: string; width: number; height: number }[] = [];
    const selector = 'button, input:not([type=checkbox]), select, a[href]:not(p a), label.px-toggle';
    for (const element of document.querySelector(scope)!.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      // A closed menu waits beside the page, off the screen.
      if (!element.checkVisibility() || box.left >= innerWidth || box.right <= 0) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 24);
      const kind = [...element.classList].join('.') || element.tagName.toLowerCase();
      found.push({ what: `${kind} "${name}"`, width: box.width, height: box.height });
    }
    return found;
  }, scope);
}

/** The controls of `scope` smaller than a thumb, after checking the scope holds every kind in `expected`. */
async function tooSmall(page: Page, scope: string, expected: RegExp[]): Promise<string[]> {
  const found = await controls(page, scope);
  const seen = found.map((control) => control.what);
  for (const kind of expected)
    expect(seen, `${scope} holds ${seen.join(', ')}`).toContainEqual(expect.stringMatching(kind));
  return found
    .filter((control) => control.width < THUMB - 0.01 || control.height < THUMB - 0.01)
    .map((control) => `${control.what} ${control.width.toFixed(1)}×${control.height.toFixed(1)}`);
}

/** Waits until every finite CSS animation and transition is over (a dialog scaling in, the menu sliding in). */
const still = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .every((animation) => animation.playState !== 'running'),
  );

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

describe('a phone fits the thumb', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    // Short rounds, so the history strip has chips to measure.
    server = await startServer(
      { STATIC_DIR: TEST_DIST, BETTING_MS: '1500', PAUSE_MS: '300', TICK_MS: '100' },
      { roundSecrets: fixedCrashPoints([1.2]) },
    );
    browser = await openBrowser({ phone: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [width, height] of PHONE_SIZES) {
    it(`gives every control at least 44×44 px on ${width}×${height}`, TEST, async () => {
      const { page } = browser;
      await page.setViewportSize({ width, height });
      await page.goto(server.api.replace('/api/v1', ''));
      await expect.poll(() => page.locator('.history-chip').count(), { timeout: 60_000 }).toBeGreaterThan(0);
      const panel = page.getByRole('group', { name: 'Bet panel 1' });
      await panel.getByRole('button', { name: /^Auto/ }).click();
      await still(page);
      await expect(
        tooSmall(page, '#root', [
          /hud-logo/,
          /hud-menu-button/,
          /history-chip/,
          /history-fairness/,
          /phone-tab "Live bets"/,
          /bet-main/,
          /bet-step "Minus 10"/,
          /bet-quick-add "\+500"/,
          /bet-amount-input/,
          /bet-rate-input/,
          /px-toggle "Auto bet"/,
          /px-toggle "Auto cash out"/,
          /bet-auto-open/,
          /"Start run"/,
        ]),
      ).resolves.toEqual([]);
      expect(await sideways(page)).toBe(0);
      // The live bets, in place of the panels under the stage.
      await page.getByRole('tab', { name: 'Live bets' }).click();
      await expect(tooSmall(page, '.app-bets', [/bets-filter "My"/])).resolves.toEqual([]);
      await page.getByRole('tab', { name: 'Bet 1' }).click();

      await page.getByRole('button', { name: 'Menu' }).click();
      await expect.poll(() => page.locator('.hud-menu-open').count()).toBe(1);
      await still(page);
      await expect(
        tooSmall(page, '.hud-menu-panel', [
          /hud-menu-close/,
          /px-chip.*"Game Rules"/,
          /hud-language/,
          /px-toggle "Hotkeys"/,
        ]),
      ).resolves.toEqual([]);
      await page.locator('.hud-menu-panel').getByRole('button', { name: 'Game Rules' }).click();
      const rules = page.getByRole('dialog', { name: 'Game rules' });
      await rules.waitFor();
      await still(page);
      await expect(tooSmall(page, '.modal', [/modal-close/, /px-toggle "Hotkeys"/])).resolves.toEqual([]);
      expect(await sideways(page)).toBe(0);
      await page.keyboard.press('Escape');
      await rules.waitFor({ state: 'detached' });
      if (await page.locator('.hud-menu-open').count()) await page.getByRole('button', { name: 'Close menu' }).click();

      await page.locator('.app-header').getByRole('button', { name: 'Login' }).first().click();
      await page.locator('.modal').waitFor();
      await still(page);
      await expect(tooSmall(page, '.modal', [/modal-close/, /modal-input/, /"sign in/i])).resolves.toEqual([]);
      expect(await sideways(page)).toBe(0);
      await page.keyboard.press('Escape');
    });
  }
});
