/**
 * The money on screen follows every settlement of the player's own bets as it happens, in
 * Chromium against the real server: an auto cash-out moves the header's balance while the round
 * still flies; a reload brings back a bet placed by hand with auto cash-out off and the house's cap
 * as the cap; a round voided by a server stop says so in the panel and the bet list, and the
 * balance after the reconnect holds the refund.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCoins } from '../../src/shared/money';
import type { Envelope, GameInfo, RoundDetails } from '../../src/shared/protocol';
import { bets, rounds } from '../../src/server/db/schema';
import { fixedCrashPoints } from '../server/crashPoints';
import { fundedPlayer } from '../server/betting';
import { freePort } from '../server/freePort';
import { startServer, type TestServer } from '../server/harness';
import { waitForBettingWindow, type Browser } from './browser';
import { TEST_DIST } from './buildClient';
import { openGamePage, openStage, type GamePage } from './gamePage';
import { balanceReads, shoot, signInByEmail } from './walletPage';

/** Every round flies to x2.00 (11.6 s): long enough to see the balance move before it ends. */
const SETTINGS = { STATIC_DIR: TEST_DIST, BETTING_MS: '4000', PAUSE_MS: '600', TICK_MS: '100' };
const TEST = { timeout: 180_000 };
/** 1000 coins. */
const FUNDS = 100_000;
const STAKE = 20_000;

const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 100 });
const panel = (page: Page) => page.getByRole('group', { name: 'Bet panel 1' });
const label = (page: Page) => page.getByTestId('bet-main-0').locator('.bet-main-label').textContent();
const notice = (page: Page) => panel(page).locator('.bet-panel-notice').textContent();
const outcome = (page: Page) => page.getByTestId('bet-outcome-0').textContent();
const ownRow = (page: Page) =>
  page.getByRole('list', { name: 'Bets of this round' }).getByRole('listitem').filter({ hasText: '(you)' });

async function roundInfo(server: TestServer): Promise<GameInfo> {
  return ((await (await fetch(`${server.api}/game/info`)).json()) as Envelope<GameInfo>).data!;
}

/** A round as `/game/round/:gameId` publishes it, or undefined before it has ended. */
async function publishedRound(server: TestServer, gameId: string): Promise<RoundDetails | undefined> {
  const response = await fetch(`${server.api}/game/round/${gameId}`);
  return response.ok ? ((await response.json()) as Envelope<RoundDetails>).data : undefined;
}

describe('settlements on screen', () => {
  let game: GamePage;

  beforeAll(async () => {
    game = await openGamePage(SETTINGS, { roundSecrets: fixedCrashPoints([2]) });
  }, 300_000);

  afterAll(() => game?.close());

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(game.page, `settlements-failed-${task.name.slice(0, 30)}`);
  });

  it('an auto cash-out at x1.05 moves the header balance while the round still flies', TEST, async () => {
    const { page, server } = game;
    const player = await fundedPlayer(server.api, server.server.services.database.db, FUNDS);
    await signInByEmail(page, player.email);
    await balanceReads(page, `${formatCoins(FUNDS)} $`);
    await panel(page).getByLabel('Cash out at').fill('1.05');
    await panel(page).getByLabel('Bet amount').focus();
    expect(await panel(page).getByRole('switch', { name: 'Auto cash out' }).isChecked()).toBe(true);

    await waitForBettingWindow(page);
    await page.getByTestId('bet-main-0').click();
    await poll(() => label(page)).toBe('CANCEL');
    const { gameId } = await roundInfo(server);
    await balanceReads(page, `${formatCoins(FUNDS - STAKE)} $`);

    const paid = FUNDS - STAKE + (STAKE * 105) / 100;
    await balanceReads(page, `${formatCoins(paid)} $`, 8_000);
    // Read while x2.00 is still seconds away: the round that paid it is flying.
    const info = await roundInfo(server);
    expect([info.gameId, info.gameState]).toEqual([gameId, 'STARTED']);
    await poll(() => ownRow(page).textContent()).toContain(formatCoins(STAKE * 1.05));
    // The panel flashes the auto cash-out with its multiplier and payout.
    expect(await outcome(page)).toBe(`Cashed out at x1.05: +${formatCoins((STAKE * 105) / 100)} $`);
  });

  it(
    'a reload brings a bet placed by hand back with auto cash-out off, and the house cap as the cap',
    TEST,
    async () => {
      const { page, server } = game;
      const db = server.server.services.database.db;
      await poll(() => label(page), 60_000).toBe('BET');
      await panel(page).getByRole('switch', { name: 'Auto cash out' }).uncheck({ force: true });
      await waitForBettingWindow(page);
      // This round the house may pay one bet at most 100 coins: the 200-coin bet cashes out at x1.50 at most.
      const [open] = await db
        .select()
        .from(rounds)
        .where(eq(rounds.state, 'CREATED'))
        .orderBy(desc(rounds.id))
        .limit(1);
      await db.update(rounds).set({ maxBetProfit: 10_000 }).where(eq(rounds.id, open!.id));
      await page.getByTestId('bet-main-0').click();
      await poll(() => label(page)).toBe('CANCEL');
      await poll(() => notice(page)).toBe('House limit: this bet cashes out at x1.50 at most');

      await page.reload();
      await poll(() => label(page)).toMatch(/^(CANCEL|CLAIM)$/);
      expect(await panel(page).getByRole('switch', { name: 'Auto cash out' }).isChecked()).toBe(false);
      await poll(() => notice(page)).toBe('House limit: this bet cashes out at x1.50 at most');
      // The house's cap cashes it out at x1.50, flashed like any cash-out.
      await poll(() => outcome(page), 60_000).toBe(`Cashed out at x1.50: +${formatCoins((STAKE * 150) / 100)} $`);
      // The next bet is by hand too: nothing the house did sticks to the panel.
      await poll(() => label(page), 60_000).toBe('BET');
      expect(await panel(page).getByRole('switch', { name: 'Auto cash out' }).isChecked()).toBe(false);
    },
  );

  it('a bet left to fly is lost at the crash, and the panel says so', TEST, async () => {
    const { page } = game;
    await waitForBettingWindow(page);
    await page.getByTestId('bet-main-0').click();
    await poll(() => label(page), 60_000).toBe('CLAIM');
    await poll(() => outcome(page), 60_000).toBe(`Lost ${formatCoins(STAKE)} $ at x2.00`);
  });

  it(
    "shows a round's settlement root in Provably Fair, proves a bet against it, and names a payout changed after the round",
    TEST,
    async () => {
      const { page, server } = game;
      const db = server.server.services.database.db;
      await waitForBettingWindow(page);
      await page.getByTestId('bet-main-0').click();
      await poll(() => label(page), 60_000).toBe('CLAIM');
      const [bet] = await db.select().from(bets).orderBy(desc(bets.id)).limit(1);
      const [betId, gameId] = [String(bet!.id), String(bet!.roundId)];
      await poll(async () => (await publishedRound(server, gameId))?.settlementRoot, 60_000).toMatch(/^[0-9a-f]{64}$/);
      const { settlementRoot } = (await publishedRound(server, gameId))!;

      const fair = page.getByRole('dialog', { name: 'Provably Fair' });
      const checkBet = async () => {
        await page.locator(`.history-chip[title="Round ${gameId}"]`).click();
        expect(
          await fair.locator('.modal-field', { hasText: 'Settlement root' }).locator('.modal-value').textContent(),
        ).toBe(settlementRoot);
        await fair.getByLabel('Check a bet').fill(betId);
        await fair.getByRole('button', { name: 'Check', exact: true }).click();
        const check = fair.getByTestId('fairness-check').filter({ hasText: `Bet ${betId}:` });
        await poll(() => check.textContent()).not.toMatch(/Checking/);
        const text = await check.textContent();
        await page.keyboard.press('Escape');
        return text;
      };
      expect(await checkBet()).toBe(
        `✓Bet ${betId}: Bet ${betId} is in round ${gameId}'s settlement (the root seen live)`,
      );
      // The operator pays the lost bet after the round: the bet no longer matches the root the page saw.
      await db
        .update(bets)
        .set({ winAmount: STAKE * 2 })
        .where(eq(bets.id, bet!.id));
      try {
        expect(await checkBet()).toBe(
          `✗Bet ${betId}: Bet ${betId} does not match round ${gameId}'s settlement (the root seen live): it was changed after the round`,
        );
      } finally {
        await db.update(bets).set({ winAmount: bet!.winAmount }).where(eq(bets.id, bet!.id));
      }
    },
  );
});

describe('a round voided by a server stop', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-void-'));
  let env: Record<string, string>;
  let server: TestServer;
  let browser: Browser;
  const start = () => startServer(env, { roundSecrets: fixedCrashPoints([2]) });

  beforeAll(async () => {
    env = { ...SETTINGS, PORT: String(await freePort()), DATA_DIR: dataDir };
    server = await start();
    browser = await openStage(server);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(browser.page, 'settlements-failed-void');
  });

  it(
    'says the round was voided and the stake returned, in the panel and the list; the balance after the reconnect has it',
    TEST,
    async () => {
      const { page } = browser;
      const player = await fundedPlayer(server.api, server.server.services.database.db, FUNDS);
      await signInByEmail(page, player.email);
      await waitForBettingWindow(page);
      await page.getByTestId('bet-main-0').click();
      await poll(() => label(page), 60_000).toBe('CLAIM');
      await balanceReads(page, `${formatCoins(FUNDS - STAKE)} $`);

      await server.close();
      await poll(() => notice(page)).toBe(`Round voided: your stake of ${formatCoins(STAKE)} $ was returned`);
      expect(await label(page)).toBe('BET');
      await poll(() => ownRow(page).textContent()).toContain('returned');

      server = await start();
      await page
        .getByTestId('latency')
        .filter({ hasText: /\d+ ms/ })
        .waitFor({ timeout: 15_000 });
      await balanceReads(page, `${formatCoins(FUNDS)} $`, 3_000);
      expect(await notice(page)).toBe(`Round voided: your stake of ${formatCoins(STAKE)} $ was returned`);
    },
  );
});
