/**
 * What a bet panel's lines say, in Chromium against the real server: a stake above the table's
 * largest bet reads the same sentence in the panel before BET and in the server's refusal after it
 * (the smallest limit that binds, never a larger one); the house's per-bet cap shows only under a
 * panel whose bet it binds, and nothing about it sits under the stage; auto-bet says what to do
 * when switched on, and its rounds and net while it runs.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseTarget } from '../../src/shared/betPolicy';
import type { Envelope, ReservesResponse } from '../../src/shared/protocol';
import { fixedCrashPoints } from '../server/crashPoints';
import { fundedPlayer } from '../server/betting';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, waitForBettingWindow, waitForStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';
import { signInByEmail } from './walletPage';

const TEST = { timeout: 180_000 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });
/** 300.000 coins: more than the table's largest bet, so the balance is never what refuses. */
const FUNDS = 30_000_000;

describe("a bet panel's lines", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // Every round flies to x2.00: an auto cash-out at x1.50 wins each one.
    server = await startServer(
      { STATIC_DIR: TEST_DIST, BETTING_MS: '3000', PAUSE_MS: '600', TICK_MS: '100' },
      { roundSecrets: fixedCrashPoints([2]) },
    );
    browser = await openBrowser();
    page = browser.page;
    await page.goto(server.api.replace('/api/v1', ''));
    await waitForStage(page, (probe) => probe.ready, 90_000);
    const player = await fundedPlayer(server.api, server.server.services.database.db, FUNDS);
    await signInByEmail(page, player.email);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const panel = () => page.getByRole('group', { name: 'Bet panel 1' });
  const notice = () => panel().locator('.bet-panel-notice').textContent();
  const reserves = async () =>
    ((await (await fetch(`${server.api}/payment/reserves`)).json()) as Envelope<ReservesResponse>).data!;

  it('says the same largest bet in the panel before BET and in the refusal after it', TEST, async () => {
    await panel().getByLabel('Bet amount').fill('150000');
    await poll(notice).toBe('The largest bet is 100.000 coins');
    // A stake far past the house's cover too: still the table's limit, the smaller one.
    await panel().getByLabel('Bet amount').fill('99999999');
    await poll(notice).toBe('The largest bet is 100.000 coins');
    await panel().getByLabel('Bet amount').fill('150000');

    await waitForBettingWindow(page);
    const answer = page.waitForResponse((response) => response.url().endsWith('/bet/create'));
    await page.getByTestId('bet-main-0').click();
    const refusal = (await (await answer).json()) as Envelope;
    expect([refusal.errorCode, refusal.errorMessage]).toEqual(['largestBet', 'The largest bet is 100.000 coins']);
    await poll(notice).toBe('The largest bet is 100.000 coins');
    expect(await page.getByTestId('bet-main-0').locator('.bet-main-label').textContent()).toBe('BET');
  });

  it("shows the house's cap only under a panel whose bet it binds, and never under the stage", TEST, async () => {
    const { maxBetProfit } = await reserves();
    // A stake the house lets fly to about x5 at most.
    const stake = Math.floor((maxBetProfit! * 100) / 400);
    const cap = houseTarget(stake, maxBetProfit!);
    expect(cap).toBeLessThan(1000);
    const capped = `House limit: this bet would cash out at x${(cap / 100).toFixed(2)} at most`;
    await panel().getByLabel('Bet amount').fill('200');
    await panel().getByLabel('Cash out at').fill('2');
    await panel().getByLabel('Bet amount').focus();
    // The default bet is far inside the cap: no word of it, by hand or at x2.00.
    await poll(notice).toBe('\u00a0');
    await panel().getByRole('switch', { name: 'Auto cash out' }).uncheck({ force: true });
    await poll(notice).toBe('\u00a0');
    expect(await page.locator('.house-limit').count()).toBe(0);
    expect(await page.getByText(/House limit/).count()).toBe(0);

    await panel()
      .getByLabel('Bet amount')
      .fill(String(stake / 100));
    // By hand: a cap below x10 stops about one flight in ten or more, so it is said.
    await poll(notice).toBe(capped);
    await panel().getByLabel('Cash out at').fill('2');
    await panel().getByLabel('Bet amount').focus();
    expect(await panel().getByRole('switch', { name: 'Auto cash out' }).isChecked()).toBe(true);
    // An auto cash-out at x2.00 comes before the cap: nothing to say.
    await poll(notice).toBe('\u00a0');
    await panel().getByLabel('Cash out at').fill('10');
    await poll(notice).toBe(capped);
    // The other panel, at its default bet, says nothing.
    expect(await page.getByRole('group', { name: 'Bet panel 2' }).locator('.bet-panel-notice').textContent()).toBe(
      '\u00a0',
    );
  });

  it('says what to do when auto-bet is switched on, then its rounds and net while it runs', TEST, async () => {
    const line = (name: string) => panel().getByTestId(`${name}-0`).textContent();
    await panel().getByLabel('Bet amount').fill('10');
    await panel().getByLabel('Cash out at').fill('1.5');
    await panel().getByRole('switch', { name: 'Auto bet' }).check({ force: true });
    await poll(() => line('auto-hint')).toBe('Auto bet is on: press BET to start');

    await page.getByTestId('bet-main-0').click();
    await poll(() => line('auto-run')).toBe('Auto bet running. Rounds played: 0 (no limit), net 0 $');
    expect(await panel().getByTestId('auto-hint-0').count()).toBe(0);
    // Each round pays 15 coins for 10 at x1.50.
    await expect
      .poll(() => line('auto-run'), { timeout: 90_000, interval: 200 })
      .toBe('Auto bet running. Rounds played: 1 (no limit), net 5 $');
    await panel().getByRole('switch', { name: 'Auto bet' }).uncheck({ force: true });
    await poll(() => line('auto-run')).toMatch(/^Bets: \d+, net \d+ \$\. Stopped: A switch was changed$/);

    // A run of the Auto part's rules with a number of bets counts down the rounds left.
    const label = () => page.getByTestId('bet-main-0').locator('.bet-main-label').textContent();
    await expect.poll(label, { timeout: 60_000, interval: 200 }).toBe('BET');
    await panel().getByRole('button', { name: /^Auto/ }).click();
    await panel().getByLabel('Number of bets (empty: no limit)').fill('3');
    await panel().getByRole('button', { name: 'Start run' }).click();
    await poll(() => line('auto-run')).toBe('Auto bet running. Rounds left: 3, net 0 $');
    await expect
      .poll(() => line('auto-run'), { timeout: 90_000, interval: 200 })
      .toBe('Auto bet running. Rounds left: 2, net 5 $');
    await panel().getByRole('button', { name: 'Stop run' }).click();
    await poll(() => line('auto-run')).toMatch(/Stopped: Stopped by you$/);
  });
});
