/**
 * A reload never orphans a bet (docs/reliability.md), in Chromium against the real server: a player
 * signs in in two tabs, bets in one (the other shows the bet too), reloads in the betting window and
 * finds the panel on CANCEL with the "(you)" mark and the "My" filter; in flight the reloaded page
 * cashes it out, the other tab lets it go, and the balance is what the server holds.
 */

import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCoins } from '../../src/shared/money';
import type { BetHistoryResponse, Envelope, GameInfo } from '../../src/shared/protocol';
import { fixedCrashPoints } from '../server/crashPoints';
import { balanceOf, fundedPlayer } from '../server/betting';
import { call } from '../server/client';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, waitForStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';
import { balanceReads, shoot, signInByEmail } from './walletPage';

/** A betting window long enough to bet and reload in; every round flies to x2.00 (11.6 s). */
const SETTINGS = { STATIC_DIR: TEST_DIST, BETTING_MS: '15000', PAUSE_MS: '600', TICK_MS: '100' };
const TIMEOUT_MS = 240_000;
/** 1000 coins. */
const FUNDS = 100_000;
const STAKE = 20_000;

const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 100 });
const label = (page: Page) => page.getByTestId('bet-main-0').locator('.bet-main-label').textContent();
const roundBets = (page: Page) => page.getByRole('list', { name: 'Bets of this round' }).getByRole('listitem');
const ownRows = (page: Page) => roundBets(page).filter({ hasText: '(you)' }).count();

describe('a reload in Chromium keeps the bet', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(SETTINGS, { roundSecrets: fixedCrashPoints([2]) });
    browser = await openBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(browser.page, 'failed-reload');
  });

  /** Waits for a betting window with at least `ms` left (bounded by the test's timeout). */
  async function bettingWindow(ms: number): Promise<void> {
    await poll(async () => {
      const info = ((await (await fetch(`${server.api}/game/info`)).json()) as Envelope<GameInfo>).data;
      return info?.gameState === 'CREATED' && (info.startsAt ?? 0) - info.serverTime >= ms;
    }, 60_000).toBe(true);
  }

  it(
    'bet (a second tab shows it), reload: CANCEL, (you) and My come back; claimed in flight, the balance is right',
    { timeout: TIMEOUT_MS },
    async () => {
      const db = server.server.services.database.db;
      const player = await fundedPlayer(server.api, db, FUNDS);
      const { page } = browser;
      const origin = server.api.replace('/api/v1', '');
      await page.goto(origin);
      await waitForStage(page, (probe) => probe.ready, 90_000);
      await signInByEmail(page, player.email);
      await balanceReads(page, `${formatCoins(FUNDS)} $`);
      const second = await browser.context.newPage();
      await second.goto(origin);
      await balanceReads(second, `${formatCoins(FUNDS)} $`);
      await page.bringToFront();

      await bettingWindow(12_000);
      await page.getByTestId('bet-main-0').click();
      await poll(() => label(page)).toBe('CANCEL');
      await balanceReads(page, `${formatCoins(FUNDS - STAKE)} $`);
      // The other tab learns of the bet from its BET_CREATED.
      await poll(() => label(second)).toBe('CANCEL');
      const other = await fundedPlayer(server.api, db, FUNDS);
      await call(server.api, 'POST', '/bet/create', { amount: STAKE }, { token: other.token });
      await poll(() => roundBets(page).count()).toBe(2);

      // The list comes back on My (the filter the page remembers): of the two bets it holds only the player's, marked (you).
      await page.evaluate(() => localStorage.setItem('betsFilter', 'my'));
      await page.reload();
      await poll(() => label(page)).toBe('CANCEL');
      expect(await page.getByRole('group', { name: 'Bet panel 1' }).getByLabel('Bet amount').inputValue()).toBe('200');
      expect(await page.getByRole('tab', { name: 'My' }).getAttribute('aria-selected')).toBe('true');
      await poll(() => ownRows(page)).toBe(1);
      expect(await roundBets(page).count()).toBe(1);

      await poll(() => label(page), 60_000).toBe('CLAIM');
      expect(await label(second)).toBe('CLAIM');
      await page.getByTestId('bet-main-0').click();
      await poll(() => label(page)).toBe('BET');
      await poll(() => label(second)).toBe('BET');

      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const history = (await (
        await fetch(`${server.api}/bet/history`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as Envelope<BetHistoryResponse>;
      const [bet] = history.data!.betHistory;
      expect(bet).toMatchObject({ status: 'REFUNDED', amount: STAKE });
      expect(bet!.winAmount).toBeGreaterThanOrEqual(STAKE);
      const balance = FUNDS - STAKE + bet!.winAmount!;
      expect(await balanceOf(db, player.id)).toBe(BigInt(balance));
      await balanceReads(page, `${formatCoins(balance)} $`);
      await balanceReads(second, `${formatCoins(balance)} $`);
      await second.close();
    },
  );
});
