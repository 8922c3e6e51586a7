/**
 * The HUD in Chromium against the real server: the texts of the header, panels, history and list,
 * every modal, a funded player's bet cashed out in flight with the balance moving, and a 360 px
 * phone without horizontal scroll.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedChains } from '../../src/server/db/schema';
import { roundHash } from '../../src/shared/fairness';
import { fundedPlayer } from '../server/betting';
import type { TestServer } from '../server/harness';
import { openBrowser, waitForBettingWindow, waitForStage } from './browser';
import { openGamePage, type GamePage } from './gamePage';
import { signInByEmail } from './walletPage';

const ROUND_SETTINGS = { BETTING_MS: '2500', PAUSE_MS: '600', TICK_MS: '100' };
const TIMEOUT_MS = 180_000;
const TEST = { timeout: TIMEOUT_MS };
/** 1000 coins. */
const FUNDS = 100_000;

/** Polls until the matcher holds; a busy machine gets 30 s (a server answer or a round can be slow). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

describe('the HUD in Chromium against the real server', () => {
  let game: GamePage;
  let server: TestServer;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    game = await openGamePage(ROUND_SETTINGS);
    ({ server, page, origin } = game);
  }, 240_000);

  afterAll(() => game?.close());

  const dialog = (name: string) => page.getByRole('dialog', { name });
  const profileButton = () => page.getByTestId('profile-button').first();
  const mainButton = (index: number) => page.getByTestId(`bet-main-${index}`);

  it('shows the header, the panels, the history and the list as the spec writes them', TEST, async () => {
    await poll(() => profileButton().textContent()).toBe('Login');
    expect(await page.getByRole('button', { name: 'Game Rules' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Bets History' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Referral' }).count()).toBe(0);
    await poll(() => page.getByTestId('online').textContent()).toMatch(/^1 online$/);
    for (const index of [0, 1]) {
      const panel = page.getByRole('group', { name: `Bet panel ${index + 1}` });
      expect(await panel.getByLabel('Bet amount').inputValue()).toBe('200');
      expect(await panel.getByLabel('Cash out at').inputValue()).toBe('2.00');
      expect(await mainButton(index).locator('.bet-main-label').textContent()).toBe('BET');
      for (const text of ['+50', '+100', '+200', '+500', 'Auto bet', 'Auto cash out'])
        expect(await panel.getByText(text, { exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole('tab').allTextContents()).toEqual(['All', 'My', 'Top']);
    expect(await page.getByText('All Bets').isVisible()).toBe(true);
    // The fresh server's first round ends at a random crash point and may fly for a minute or more.
    await expect
      .poll(() => page.locator('.history-chip').count(), { timeout: 120_000, interval: 200 })
      .toBeGreaterThan(0);
    const rates = await page.locator('.history-chip').allTextContents();
    expect(rates.length).toBeLessThanOrEqual(11);
    for (const rate of rates) expect(rate).toMatch(/^x\d+\.\d\d$/);
  });

  it('opens the rules, closes them with Escape, and the Fairness dialog closes on the overlay', TEST, async () => {
    await page.getByRole('button', { name: 'Game Rules' }).click();
    expect(await dialog('Game rules').locator('h3').count()).toBe(9);
    await page.keyboard.press('Escape');
    expect(await dialog('Game rules').count()).toBe(0);
    await page.getByRole('button', { name: 'Fairness' }).click();
    const fair = dialog('Provably Fair');
    expect(await fair.getByText('Game hash').isVisible()).toBe(true);
    expect(await fair.getByText('Game rate').isVisible()).toBe(true);
    expect(await fair.getByText('Game salt').isVisible()).toBe(true);
    await page.mouse.click(5, 795);
    expect(await fair.count()).toBe(0);
  });

  it("checks a past round's hash, crash point, seed-chain link and replaced chains in the browser", TEST, async () => {
    await page.locator('.history-chip').first().click();
    const fair = dialog('Provably Fair');
    const [rate, salt, hash] = await fair.locator('.modal-value').allTextContents();
    expect(await roundHash(Number(rate), salt!)).toBe(hash);
    // The hash, then the seed chain: the crash point from salt and client seed, the link to the round before,
    // and no chain replaced before its first round.
    await expect
      .poll(() => fair.getByTestId('fairness-check').allTextContents(), { timeout: 30_000 })
      .toEqual([
        '✓Hash of rate + salt: Matches the published hash',
        expect.stringMatching(
          /^✓Crash point from salt \+ client seed: The salt and the public client seed give the crash point x\d+\.\d\d\.$/,
        ),
        expect.stringMatching(
          /^✓Link to the previous round: The salt hashes to (the previous round's \(\d+\) salt|seed chain \d+'s commitment)/,
        ),
        '✓Seed chains: Every replaced chain was played from its first round',
      ]);
    await page.keyboard.press('Escape');

    // A chain committed before the current one that no round used: the house dropped it unplayed.
    const { db } = server.server.services.database;
    const [dropped] = await db
      .insert(seedChains)
      .values({
        ...{ id: 0, commitment: '0'.repeat(64), length: 1, checkpointEvery: 1, sealedCheckpoints: '' },
        ...{ clientSeedSource: 'dropped', createdAt: 0 },
      })
      .returning();
    try {
      await page.locator('.history-chip').first().click();
      await poll(() => fair.getByTestId('fairness-check').last().textContent()).toBe(
        '✗Seed chains: Warning: seed chain 0 was replaced before its first round was played (its commitment was published, then dropped unused)',
      );
      expect(await fair.locator('.modal-check-bad').isVisible()).toBe(true);
      await page.keyboard.press('Escape');
    } finally {
      await db.delete(seedChains).where(eq(seedChains.id, dropped!.id));
    }
  });

  it(
    'signs a funded player in by email, places a bet, cashes it out in flight and shows the balance move',
    { timeout: 600_000 },
    async () => {
      const player = await fundedPlayer(server.api, server.server.services.database.db, FUNDS);
      await signInByEmail(page, player.email);
      await poll(() => profileButton().textContent()).toBe('1.000 $');
      expect(await page.getByRole('button', { name: 'Bets History' }).isVisible()).toBe(true);

      const label = () => mainButton(0).locator('.bet-main-label').textContent();
      const coins = async () =>
        Number((await profileButton().textContent())!.replace(' $', '').replace(/\./g, '').replace(',', '.'));
      for (let attempt = 0; ; attempt += 1) {
        const before = await coins();
        await waitForBettingWindow(page, TIMEOUT_MS);
        await mainButton(0).click();
        // A click as the window closes (the page a moment behind the server) queues the bet for the
        // next round (WAITING), whose GAME_CREATED places it.
        await poll(label).toMatch(/^(CANCEL|WAITING)$/);
        await expect.poll(label, { timeout: TIMEOUT_MS, interval: 100 }).toBe('CANCEL');
        await poll(coins).toBe(before - 200);
        // The list gets the bet from the bets topic (gathered for BET_BATCH_MS) or its refresh, after the answer.
        await poll(() => page.locator('.bets-row', { hasText: '(you)' }).count()).toBe(1);
        await poll(label).not.toBe('CANCEL');
        if ((await label()) === 'CLAIM') {
          // The figure follows the ticks: on a busy machine CLAIM shows a moment before the first one.
          await poll(() => mainButton(0).getByTestId('claim-figure').textContent()).toMatch(/^\d[\d.]*(,\d\d)? \$$/);
          await mainButton(0).click();
          await poll(label).toBe('BET');
          // Cashed out: the balance comes back to at least where it was (a win is at least the stake).
          const won = await expect
            .poll(coins, { timeout: 10_000 })
            .toBeGreaterThanOrEqual(before)
            .then(
              () => true,
              () => false,
            );
          if (won) break;
        }
        // The round crashed at x1.00, or before the click landed: try the next one.
        if (attempt === 3) throw new Error('No bet could be cashed out in four rounds');
      }
    },
  );

  it('opens Your bets, the referral link and the top list of a signed-in player', TEST, async () => {
    await page.getByRole('button', { name: 'Bets History' }).click();
    const bets = dialog('Your bets');
    await poll(() => bets.locator('.modal-row').count()).toBeGreaterThan(0);
    // The cashed-out bet shows its payout, the spec's win amount, with no sign (a sign would make it the profit).
    expect(await bets.locator('.bet-win').first().textContent()).toMatch(/^\d[\d.,]* \$$/);
    await bets.locator('.modal-row').first().click();
    await dialog('Provably Fair').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Referral' }).click();
    const referral = dialog('Your referral link');
    expect(await referral.getByTestId('referral-link').textContent()).toMatch(new RegExp(`^${origin}/\\?refId=.+`));
    await referral.getByRole('button', { name: 'Copy' }).click();
    await poll(() => referral.count()).toBe(0);

    await page.getByRole('tab', { name: 'Top' }).click();
    expect(await page.evaluate(() => localStorage.getItem('betsFilter'))).toBe('top');
    await poll(() => page.locator('.bets-row-button').count()).toBeGreaterThan(0);
    await page.locator('.bets-row-button').first().click();
    await dialog('Provably Fair').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'All', exact: true }).click();
  });

  it('signs out from the profile modal', TEST, async () => {
    await profileButton().click();
    await dialog('Your profile').getByRole('button', { name: 'Logout' }).click();
    await poll(() => profileButton().textContent()).toBe('Login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.keyboard.press('Escape');
  });

  it('has no horizontal scroll on a 360 px phone, and the menu holds the entries', TEST, async () => {
    const phone = await openBrowser({ phone: true });
    try {
      await phone.page.goto(origin);
      // A phone shows one bet panel at a time under its tabs: the first.
      await phone.page.getByTestId('bet-main-0').waitFor();
      // Laid out as it stays: the stage drawn and the pixel font in.
      await waitForStage(phone.page, (probe) => probe.ready, 90_000);
      await phone.page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await phone.page.getByRole('button', { name: 'Menu' }).click();
      const menu = phone.page.getByRole('dialog', { name: 'Menu' });
      expect(await menu.getByRole('button', { name: 'Game Rules' }).isVisible()).toBe(true);
      expect(await menu.getByTestId('profile-button').textContent()).toBe('Login');
    } finally {
      await phone.close();
    }
  });
});
