/**
 * A first visit in Chromium against the real server: a clean console (no error, warning or CSP
 * violation, no readPixels from the page or its workers) on load, through a round and in every modal; no accessibility violation (axe) on the
 * page and in every modal; a round announced to screen readers at a calm rate; and a whole round
 * played with the keyboard only.
 */

import AxeBuilder from '@axe-core/playwright';
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPlayer } from '../server/betting';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, waitForBettingWindow, waitForStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';

const ROUND_SETTINGS = { STATIC_DIR: TEST_DIST, BETTING_MS: '3000', PAUSE_MS: '600', TICK_MS: '100' };
const TIMEOUT_MS = 180_000;
const TEST = { timeout: TIMEOUT_MS };
/** 1000 coins. */
const FUNDS = 100_000;

/**
 * Reports CSP violations to the console and makes readPixels an error: reading pixels back stalls
 * a phone's GPU, and neither the page nor a worker of it may do it.
 */
function guard(): void {
  globalThis.addEventListener('securitypolicyviolation', (event) =>
    console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
  );
  for (const context of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    const readPixels = context.readPixels as (...args: unknown[]) => void;
    (context as { readPixels: unknown }).readPixels = function (this: unknown, ...args: unknown[]) {
      console.error('readPixels was called');
      readPixels.apply(this, args);
    };
  }
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

describe('a first visit in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  /** Every console error and warning, and every CSP violation, since the page opened. */
  const noise: string[] = [];

  beforeAll(async () => {
    server = await startServer(ROUND_SETTINGS);
    browser = await openBrowser({ gpuCompositing: true });
    page = browser.page;
    const listen = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning')
        noise.push(`${message.type()}: ${message.text()}`);
    };
    page.on('console', listen);
    page.on('pageerror', (error) => noise.push(`pageerror: ${error.message}`));
    // The page and the stage's worker each report CSP violations and refuse to read pixels back.
    await page.addInitScript(guard);
    page.on('worker', (worker) => {
      worker.on('console', listen);
      // A worker may end first (the WebGL warm-up's does, once the stage is up).
      void worker.evaluate(guard).catch(() => undefined);
    });
    await page.goto(server.api.replace('/api/v1', ''));
    await waitForStage(page, (probe) => probe.ready, 90_000);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const dialog = (name: string) => page.getByRole('dialog', { name });
  const mainButton = (index: number) => page.getByTestId(`bet-main-${index}`);
  const axeViolations = async (include?: string) => {
    // A modal fades in over 0.15 s: judge its colours once its finite animations have finished
    // (or were cancelled: a panel's flash ends early when its bet settles, rejecting `finished`).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const builder = new AxeBuilder({ page });
    const { violations } = await (include ? builder.include(include) : builder).analyze();
    return violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  };

  it('announces the round politely: its state changes and the final multiplier, never each tick', TEST, async () => {
    const announcer = page.getByTestId('round-announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    // Every text the region takes from a betting window to the crash, in order. A round that
    // crashes at x1.00 starts and ends at once, with nothing to announce in between: take the next.
    let flight: string[] = [];
    for (let round = 0; round < 4 && flight.length === 0; round += 1) {
      await waitForStage(page, (probe) => probe.phase === 'waiting', TIMEOUT_MS);
      await page.evaluate(() => {
        const region = document.querySelector('[data-testid="round-announcer"]')!;
        const seen: string[] = [region.textContent ?? ''];
        (window as unknown as { announced: string[] }).announced = seen;
        new MutationObserver(() => seen.push(region.textContent ?? '')).observe(region, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      await waitForStage(page, (probe) => probe.phase === 'crashed', TIMEOUT_MS);
      await poll(async () => (await announcer.textContent()) ?? '').toMatch(/^The round crashed at x\d+\.\d\d$/);
      const announced = await page.evaluate(() => (window as unknown as { announced: string[] }).announced);
      const launch = announced.indexOf('The rocket has launched');
      if (launch >= 0) flight = announced.slice(launch);
    }
    // Launched, then nothing until the crash: the region never speaks a tick.
    expect(flight[0]).toBe('The rocket has launched');
    expect(flight.findIndex((text) => text.startsWith('The round crashed at'))).toBe(1);
    expect(flight[1]).toMatch(/^The round crashed at x\d+\.\d\d$/);
  });

  it('has no accessibility violation on the page or in any modal a visitor opens', TEST, async () => {
    expect(await axeViolations()).toEqual([]);
    for (const [button, title] of [
      ['Game Rules', 'Game rules'],
      ['Strategy Lab', 'Strategy Lab'],
      ['Fairness', 'Provably Fair'],
      ['Login', 'Connect your wallet'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).first().click();
      await dialog(title).waitFor();
      expect([title, await axeViolations('[role="dialog"]')]).toEqual([title, []]);
      await page.keyboard.press('Escape');
      await dialog(title).waitFor({ state: 'detached' });
    }
  });

  it(
    'plays a whole round with the keyboard only, then passes axe in every signed-in modal',
    { timeout: 600_000 },
    async () => {
      const player = await fundedPlayer(server.api, server.server.services.database.db, FUNDS);
      await page.getByRole('button', { name: 'Login', exact: true }).first().click();
      const login = dialog('Connect your wallet');
      await login.getByLabel('Email', { exact: true }).focus();
      await page.keyboard.type(player.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type('correct horse');
      await page.keyboard.press('Enter');
      await dialog('Your profile').waitFor();
      await page.keyboard.press('Escape');

      // Tab from the top of the page to the first panel's main button, as a keyboard player would.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      let reached = false;
      for (let presses = 0; presses < 80 && !reached; presses += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'bet-main-0');
      }
      expect(reached).toBe(true);
      const label = () => mainButton(0).locator('.bet-main-label').textContent();
      for (let attempt = 0; ; attempt += 1) {
        await waitForBettingWindow(page, TIMEOUT_MS);
        await page.keyboard.press('Enter');
        await poll(label).toBe('CANCEL');
        await poll(label).not.toBe('CANCEL');
        if ((await label()) === 'CLAIM') {
          await page.keyboard.press('Enter');
          const cashedOut = await expect
            .poll(() => page.locator('.bets-row', { hasText: '(you)' }).locator('.bet-win').count(), {
              timeout: 10_000,
            })
            .toBe(1)
            .then(
              () => true,
              () => false,
            );
          if (cashedOut) break;
        }
        if (attempt === 3) throw new Error('No bet could be cashed out with the keyboard in four rounds');
      }

      for (const [button, title] of [
        ['Bets History', 'Your bets'],
        ['Referral', 'Your referral link'],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).first().click();
        await dialog(title).waitFor();
        expect([title, await axeViolations('[role="dialog"]')]).toEqual([title, []]);
        await page.keyboard.press('Escape');
        await dialog(title).waitFor({ state: 'detached' });
      }
      await page.getByTestId('profile-button').first().click();
      await dialog('Your profile').waitFor();
      expect(['Your profile', await axeViolations('[role="dialog"]')]).toEqual(['Your profile', []]);
      await page.keyboard.press('Escape');
    },
  );

  it('kept a clean console through all of it: no error, no warning, no CSP violation', () => {
    expect(noise).toEqual([]);
  });
});
