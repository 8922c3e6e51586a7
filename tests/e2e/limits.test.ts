/**
 * Player limits in Chromium against the real server: a player sets a daily loss limit in the profile
 * modal's Limits part and the bet that would pass it is refused in the panel with the limit named;
 * then the player excludes themself and the panel says until when.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPlayer } from '../server/betting';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, waitForBettingWindow, waitForStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';
import { signInByEmail } from './walletPage';

const TEST = { timeout: 180_000 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

describe('player limits in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ STATIC_DIR: TEST_DIST, BETTING_MS: '2500', PAUSE_MS: '600', TICK_MS: '100' });
    browser = await openBrowser();
    page = browser.page;
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(server.api.replace('/api/v1', ''));
    await waitForStage(page, (probe) => probe.ready, 90_000);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const dialog = (name: string) => page.getByRole('dialog', { name });
  const profileButton = () => page.getByTestId('profile-button').first();
  const panel = () => page.getByRole('group', { name: 'Bet panel 1' });
  const notice = () => panel().locator('.bet-panel-notice').textContent();

  it('refuses the bet that would pass a daily loss limit set in the Limits part, naming the limit', TEST, async () => {
    const player = await fundedPlayer(server.api, server.server.services.database.db, 100_000);
    await signInByEmail(page, player.email);
    await profileButton().click();
    const limits = dialog('Your profile').getByRole('region', { name: 'Limits' });
    // A third decimal is refused with a reason, never cut.
    await limits.getByLabel('Daily loss limit').fill('5.001');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await poll(() => limits.getByRole('status').textContent()).toBe('A limit can have at most two decimals');
    await limits.getByLabel('Daily loss limit').fill('5');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await poll(() => limits.getByRole('status').textContent()).toBe('Limits saved');
    expect(await limits.getByLabel('Daily loss limit').inputValue()).toBe('5');
    await page.keyboard.press('Escape');

    await waitForBettingWindow(page, 120_000);
    await page.getByTestId('bet-main-0').click();
    await poll(notice).toMatch(/^This would pass your daily loss limit of 5 coins; it resets \d{4}-\d\d-\d\d 00:00 UTC$/);
    expect(await page.getByTestId('bet-main-0').locator('.bet-main-label').textContent()).toBe('BET');
  });

  it('self-excludes for 24 hours from the Limits part: the panel refuses bets and says until when', TEST, async () => {
    await profileButton().click();
    const limits = dialog('Your profile').getByRole('region', { name: 'Limits' });
    await limits.getByLabel('Self-exclusion').selectOption('24h');
    await limits.getByRole('button', { name: 'Exclude me' }).click();
    await poll(() => limits.locator('.limits-excluded').textContent()).toMatch(/^You have excluded yourself from play until /);
    // A raise is refused while excluded, and the Limits part says so.
    await limits.getByLabel('Daily loss limit').fill('500');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await poll(() => limits.getByRole('status').textContent()).toMatch(/^You have excluded yourself from play until .* UTC$/);
    await page.keyboard.press('Escape');

    await waitForBettingWindow(page, 120_000);
    await page.getByTestId('bet-main-0').click();
    await poll(notice).toMatch(/^You have excluded yourself from play until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  });

  it('shows the reality check after the chosen interval with the session time and result; Continue closes it', TEST, async () => {
    // The page's clock is Playwright's from here, so 15 minutes can pass at once.
    await page.clock.install();
    await page.reload();
    await waitForStage(page, (probe) => probe.ready, 90_000);
    await profileButton().click();
    const limits = dialog('Your profile').getByRole('region', { name: 'Limits' });
    await limits.getByLabel('Reality check').selectOption('15');
    await poll(() => limits.getByRole('status').textContent()).toBe('Reality check saved');
    await page.keyboard.press('Escape');
    expect(await dialog('Reality check').count()).toBe(0);

    await page.clock.fastForward('15:00');
    const check = dialog('Reality check');
    await check.waitFor();
    expect(await check.textContent()).toContain('You have played for 15 minutes this session.');
    await poll(() => check.textContent()).toMatch(/Net result this session: [+-][\d.,]+ \$ \(bets: \d+\)/);
    await check.getByRole('button', { name: 'Continue' }).click();
    await poll(() => dialog('Reality check').count()).toBe(0);
  });
});

