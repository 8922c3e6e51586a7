/**
 * Player tools in Chromium against the real server (docs/hud.md "Player tools"): a signed-in player turns
 * the hotkeys on, bets and cashes out in flight with Space, doubles and halves the amount with C
 * and X, then sees the win in the Stats part of Bets History (with its chart) and in the week's top list;
 * an auto-bet run stops on its loss limit, and a reload stops a run rather than replaying it.
 */

import { count, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets } from '../../src/server/db/schema';
import { fundedPlayer } from '../server/betting';
import { fixedCrashPoints } from '../server/crashPoints';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, waitForBettingWindow, waitForStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';
import { signInByEmail } from './walletPage';

const TEST = { timeout: 300_000 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 60_000, interval: 100 });

describe('player tools in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let player: Awaited<ReturnType<typeof fundedPlayer>>;

  beforeAll(async () => {
    // Every round flies to x3 (about 18 s): time enough to cash out by key.
    server = await startServer(
      { STATIC_DIR: TEST_DIST, BETTING_MS: '2500', PAUSE_MS: '600', TICK_MS: '100' },
      { roundSecrets: fixedCrashPoints([3]) },
    );
    browser = await openBrowser();
    page = browser.page;
    await page.goto(server.api.replace('/api/v1', ''));
    await waitForStage(page, (probe) => probe.ready, 90_000);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const dialog = (name: string) => page.getByRole('dialog', { name });
  const label = () => page.getByTestId('bet-main-0').locator('.bet-main-label').textContent();
  const amount = () => page.getByLabel('Bet amount').first().inputValue();

  it('cashes out with Space once the hotkeys are on, and C and X double and halve the amount', TEST, async () => {
    player = await fundedPlayer(server.api, server.server.services.database.db, 100_000);
    await signInByEmail(page, player.email);

    // Off by default: Space outside the panels does nothing.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('c');
    expect(await amount()).toBe('200');

    // The desktop header has no menu: the switch is also in the rules.
    await page.getByRole('button', { name: 'Game Rules' }).click();
    const rules = dialog('Game rules');
    expect(await rules.getByTestId('hotkeys').locator('li').allTextContents()).toHaveLength(4);
    await rules.locator('label.px-toggle', { hasText: 'Hotkeys' }).click();
    expect(await rules.getByRole('switch', { name: 'Hotkeys' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('c');
    expect(await amount()).toBe('400');
    await page.keyboard.press('x');
    expect(await amount()).toBe('200');

    await waitForBettingWindow(page);
    await page.keyboard.press(' ');
    await poll(label).toBe('CANCEL');
    await poll(label).toBe('CLAIM');
    // Past x1.50, so the cash-out shows as a win in the balance.
    await waitForStage(page, (probe) => Number(probe.readout?.replace(/[^\d.]/g, '')) >= 1.5, 60_000);
    await page.keyboard.press(' ');
    await poll(label).toBe('BET');
    // The balance shows the stake taken (800) until the cash-out's credit reaches the page, after the button.
    const balance = async () =>
      Number(
        (await page.getByTestId('profile-button').first().textContent())!
          .replace(' $', '')
          .replace(/\./g, '')
          .replace(',', '.'),
      );
    await poll(balance).toBeGreaterThan(1000);

    // Typing in the amount field is never a hotkey.
    await page.getByLabel('Bet amount').first().fill('150');
    await page.getByLabel('Bet amount').first().press('c');
    expect(await amount()).toBe('150');
  });

  it(
    'shows the win in the Stats part of Bets History with its chart, and in the week tab of the top list',
    TEST,
    async () => {
      await page.getByRole('button', { name: 'Bets History' }).first().click();
      const bets = dialog('Your bets');
      await bets.getByRole('button', { name: 'Stats' }).click();
      await poll(() => bets.getByTestId('stats').locator('dd').first().textContent()).toBe('1');
      expect(await bets.locator('[data-testid="balance-chart"] canvas').count()).toBe(1);
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Top' }).click();
      await page.getByRole('tab', { name: 'Week' }).click();
      await poll(() => page.locator('.bets-row').count()).toBeGreaterThan(0);
    },
  );

  it(
    'runs auto-bet rules in the second panel until the loss limit stops them, against the real server',
    TEST,
    async () => {
      // Every round ends at x3: an auto cash-out at x5 loses 10 coins each round.
      const panel = page.getByRole('group', { name: 'Bet panel 2' });
      await panel.getByLabel('Bet amount').fill('10');
      await panel.locator('label.px-toggle', { hasText: 'Auto cash out' }).click();
      await panel.getByLabel('Cash out at').fill('5');
      await panel.getByRole('button', { name: /^Auto/ }).click();
      await panel.getByLabel('Stop at net loss').fill('20');
      await panel.getByRole('button', { name: 'Start run' }).click();
      await expect
        .poll(() => panel.getByTestId('auto-run-1').textContent(), { timeout: 120_000, interval: 200 })
        .toBe('Bets: 2, net -20 $. Stopped: Net loss reached 20');
      expect(await panel.getByTestId('bet-main-1').locator('.bet-main-label').textContent()).toBe('BET');
    },
  );

  it('stops a run at a reload: the panel shows no run and its rules place no bet after it', TEST, async () => {
    const { db } = server.server.services.database;
    const placed = async () => (await db.select({ n: count() }).from(bets).where(eq(bets.accountId, player.id)))[0]!.n;
    const panel = page.getByRole('group', { name: 'Bet panel 2' });
    // The same rules without a loss limit: the run would go on for ever.
    await panel.getByLabel('Stop at net loss').fill('');
    const before = await placed();
    await panel.getByRole('button', { name: 'Start run' }).click();
    await poll(() => panel.getByTestId('auto-run-1').textContent()).toMatch(/^Auto bet running\. Rounds played: \d+ \(no limit\), net -?[\d.]+ \$$/);
    await poll(placed).toBeGreaterThan(before);

    await page.reload();
    await waitForStage(page, (probe) => probe.ready, 90_000);
    const atReload = await placed();
    expect(await panel.getByTestId('auto-run-1').count()).toBe(0);
    // Two rounds take bets and fly: the rules would have bet in each.
    for (let round = 0; round < 2; round++) {
      await waitForStage(page, (probe) => probe.phase === 'waiting', 60_000);
      await waitForStage(page, (probe) => probe.phase !== 'waiting', 60_000);
    }
    expect(await placed()).toBe(atReload);
    expect(await panel.getByTestId('auto-run-1').count()).toBe(0);
  });
});
