/**
 * Wallets in the page, end to end (docs/wallets.md "The journey, end to end"): the real server with the local chain, the
 * built page in headless Chromium, and a test wallet injected through Wallet Standard before the
 * page loads. Screenshots of the key steps go to test-results/wallet.
 */

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LAMPORTS_PER_SOL } from '../../src/shared/constants';
import { formatCoins } from '../../src/shared/money';
import type { Bet, BetHistoryResponse, Envelope, GameInfo } from '../../src/shared/protocol';
import { startServer, type TestServer } from '../server/harness';
import { fixedCrashPoints } from '../server/crashPoints';
import { localChain } from '../server/paymentClient';
import { openBrowser, waitForStage, type Browser } from './browser';
import { injectTestWallet, newWalletKey } from './testWalletScript';
import {
  balanceReads,
  connect,
  dialog,
  profileButton,
  serverProfile,
  shoot,
  signIn,
  submitAmount,
  WALLET_SERVER_ENV,
} from './walletPage';

const TEST = { timeout: 180_000 };

const mainButton = (page: Page, panel: number) => page.getByTestId(`bet-main-${panel}`);
const mainLabel = async (page: Page, panel: number) =>
  (await mainButton(page, panel).locator('.bet-main-label').textContent())?.trim();
const waitForLabel = (page: Page, panel: number, label: string, timeout = 40_000) =>
  expect.poll(() => mainLabel(page, panel), { timeout, interval: 50 }).toBe(label);

describe('wallets in the page', () => {
  let server: TestServer;
  let browser: Browser;
  let origin: string;
  const key = newWalletKey();

  beforeAll(async () => {
    // Every round crashes at x2.00 (11.6 s of flight): time to cash out by hand and for an auto cash-out at x1.50.
    server = await startServer(WALLET_SERVER_ENV, { roundSecrets: fixedCrashPoints([2]) });
    origin = server.api.replace('/api/v1', '');
    browser = await openBrowser();
    await injectTestWallet(browser.context, { name: 'Test wallet', jwk: key.jwk });
    await fetch(`${server.api}/payment/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wallet: key.address, amount: 5 }),
    });
    await browser.page.goto(origin, { waitUntil: 'domcontentloaded' });
  }, 150_000);

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(browser.page, `failed-${task.name.slice(0, 40)}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it(
    'lists the injected wallet first and marked Detected, shows 3 until More options, and closes on Escape',
    TEST,
    async () => {
      const { page } = browser;
      await profileButton(page).click();
      const modal = dialog(page, 'Connect your wallet');
      await modal.getByRole('button', { name: 'Select Wallet' }).click();
      const picker = dialog(page, 'Connect Wallet');
      const rows = picker.getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(3);
      expect(await rows.first().textContent()).toBe('Test walletDetected');
      await shoot(page, '01-picker');
      await picker.getByRole('button', { name: 'More options' }).click();
      // Installed (the demo wallet too: the server runs the local chain), then loadable (Solflare's
      // web wallet, Ledger over WebHID), then not detected.
      expect(await rows.allTextContents()).toEqual([
        'Test walletDetected',
        'Demo walletDetected',
        'Solflare',
        'Ledger',
        'Phantom',
        'Coinbase Wallet',
      ]);
      await shoot(page, '02-picker-more');
      await picker.getByRole('button', { name: 'Less options' }).click();
      expect(await rows.count()).toBe(3);
      await page.keyboard.press('Escape');
      await expect.poll(() => picker.count()).toBe(0);
      expect(await modal.count()).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => modal.count()).toBe(0);
    },
  );

  it('connects, signs in, deposits 1 SOL and shows it in the balance', TEST, async () => {
    const { page } = browser;
    await connect(page, 'Test wallet');
    expect(await page.evaluate(() => localStorage.getItem('walletName'))).toBe('"Test wallet"');
    await shoot(page, '03-connected');
    await signIn(page);
    expect(
      await page.evaluate(() => window.__testWallet?.calls.filter((call) => call === 'solana:signIn').length),
    ).toBe(1);
    await balanceReads(page, '0 $');
    expect(await submitAmount(page, 'Deposit', '1')).toBe('Transaction successful, funds will be credited soon');
    await balanceReads(page, '10.000 $');
    expect((await serverProfile(page, server.api)).balanceAmount).toBe(1_000_000);
    await shoot(page, '04-deposited');
    await page.keyboard.press('Escape');
  });

  it('bets 200 in panel 1 and cashes out in flight; the win shows in the list and the balance', TEST, async () => {
    const { page } = browser;
    await waitForLabel(page, 0, 'BET');
    await bettingWindow(page);
    await mainButton(page, 0).click();
    await waitForLabel(page, 0, 'CANCEL', 5000);
    await waitForLabel(page, 0, 'CLAIM');
    // Far enough into the flight (it crashes at x2) that the cash-out wins more than the stake.
    await waitForStage(page, (stage) => Number(stage.readout?.slice(1)) >= 1.05, 10_000);
    await mainButton(page, 0).click();
    await waitForLabel(page, 0, 'BET', 10_000);
    const [bet] = await history(page);
    expect(bet).toMatchObject({ amount: 20_000 });
    expect(bet!.winAmount).toBeGreaterThan(20_000);
    await page.getByLabel('bets').getByText(formatCoins(bet!.winAmount!), { exact: true }).first().waitFor();
    await balanceReads(page, `${formatCoins(1_000_000 - 20_000 + bet!.winAmount!)} $`);
    await shoot(page, '05-cashed-out');
  });

  it('cashes out automatically at x1.50 in panel 2', TEST, async () => {
    const { page } = browser;
    const panel = page.getByRole('group', { name: 'Bet panel 2' });
    await panel.getByLabel('Cash out at').fill('1.50');
    expect(await panel.getByRole('switch', { name: 'Auto cash out' }).isChecked()).toBe(true);
    const before = (await serverProfile(page, server.api)).balanceAmount;
    await bettingWindow(page);
    await mainButton(page, 1).click();
    await waitForLabel(page, 1, 'CANCEL', 5000);
    await expect.poll(async () => (await history(page))[0]?.winAmount, { timeout: 40_000 }).toBe(30_000);
    expect((await history(page))[0]?.rate).toBe(1.5);
    await balanceReads(page, `${formatCoins(before + 10_000)} $`);
    await shoot(page, '06-auto-cash-out');
  });

  it('cancels a bet in the betting window and gets the stake back', TEST, async () => {
    const { page } = browser;
    await waitForLabel(page, 0, 'BET');
    const before = (await serverProfile(page, server.api)).balanceAmount;
    await bettingWindow(page);
    await mainButton(page, 0).click();
    await waitForLabel(page, 0, 'CANCEL', 5000);
    await balanceReads(page, `${formatCoins(before - 20_000)} $`);
    await mainButton(page, 0).click();
    await waitForLabel(page, 0, 'BET', 5000);
    await balanceReads(page, `${formatCoins(before)} $`);
  });

  it('withdraws 200 coins: the balance and the chain agree', TEST, async () => {
    const { page } = browser;
    const chain = localChain(server);
    const coinsBefore = (await serverProfile(page, server.api)).balanceAmount;
    const solBefore = await chain.balance(key.address);
    await profileButton(page).click();
    expect(await submitAmount(page, 'Withdraw', '200')).toBe('Transaction successful, funds will be credited soon');
    await balanceReads(page, `${formatCoins(coinsBefore - 20_000)} $`);
    await expect.poll(() => chain.balance(key.address), { timeout: 30_000 }).toBe(solBefore + LAMPORTS_PER_SOL / 50n);
    await shoot(page, '07-withdrawn');
  });

  it('deposits the same 0.5 SOL twice: the local chain credits both', TEST, async () => {
    const { page } = browser;
    const coinsBefore = (await serverProfile(page, server.api)).balanceAmount;
    for (const deposits of [1, 2]) {
      expect(await submitAmount(page, 'Deposit', '0.5')).toBe('Transaction successful, funds will be credited soon');
      await balanceReads(page, `${formatCoins(coinsBefore + deposits * 500_000)} $`);
    }
  });

  it("says a deposit above the wallet's SOL is short, with what the wallet holds", TEST, async () => {
    const { page } = browser;
    const said = await submitAmount(page, 'Deposit', '50');
    const held = Number(await localChain(server).balance(key.address)) / Number(LAMPORTS_PER_SOL);
    expect(said).toBe(
      `Not enough SOL for this deposit and its fee: your wallet holds ${held.toLocaleString('en', { maximumFractionDigits: 9 })} SOL`,
    );
  });

  it("shows what a deposit buys, the wallet's SOL and Max, and the SOL a withdrawal makes", TEST, async () => {
    const { page } = browser;
    const profile = dialog(page, 'Your profile');
    const depositForm = profile.getByRole('form', { name: 'Deposit' });
    const withdrawForm = profile.getByRole('form', { name: 'Withdraw' });
    const held = await localChain(server).balance(key.address);
    const sol = (lamports: bigint) =>
      (Number(lamports) / Number(LAMPORTS_PER_SOL)).toLocaleString('en', { maximumFractionDigits: 9 });
    await expect
      .poll(() => depositForm.locator('.wallet-held').textContent())
      .toBe(`Your wallet holds ${sol(held)} SOL`);
    // 10.000 coins a SOL: the spec's number format.
    await depositForm.getByRole('textbox').fill('0.25');
    expect(await depositForm.locator('.wallet-yield').textContent()).toBe('You get 2.500 coins');
    // Max: whole hundredths of SOL the wallet can pay with the transfer's fee.
    await depositForm.getByRole('button', { name: 'Max: all the SOL your wallet can pay, less its fee' }).click();
    const max = ((held - 5000n) / 10_000_000n) * 10_000_000n;
    expect(await depositForm.getByRole('textbox').inputValue()).toBe(String(Number(max) / Number(LAMPORTS_PER_SOL)));
    expect(await depositForm.locator('.wallet-yield').textContent()).toBe(
      `You get ${formatCoins((max * 10_000n * 100n) / LAMPORTS_PER_SOL)} coins`,
    );
    await withdrawForm.getByRole('textbox').fill('250');
    expect(await withdrawForm.locator('.wallet-yield').textContent()).toBe('You get 0.025 SOL');
    await shoot(page, '08-amount-facts');
  });

  it('logs out: the wallet is forgotten and the button reads Login', TEST, async () => {
    const { page } = browser;
    await dialog(page, 'Your profile').getByRole('button', { name: 'Logout' }).click();
    await balanceReads(page, 'Login');
    // The adapter forgets the wallet when its disconnect settles, which may be just after the button reads Login.
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('walletName')]))
      .toEqual([null, null]);
    await shoot(page, '08-logged-out');
  });
});

/** Waits for the start of a betting window (a round that is CREATED with most of its window left). */
async function bettingWindow(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const state = async () => {
    const body = (await (await fetch(`${origin}/api/v1/game/info`)).json()) as Envelope<GameInfo>;
    return body.data?.gameState;
  };
  await expect.poll(state, { timeout: 40_000, interval: 50 }).not.toBe('CREATED');
  await expect.poll(state, { timeout: 40_000, interval: 50 }).toBe('CREATED');
}

/** The signed-in player's bets, newest first. */
async function history(page: Page): Promise<Bet[]> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const origin = new URL(page.url()).origin;
  const reply = await fetch(`${origin}/api/v1/bet/history`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await reply.json()) as Envelope<BetHistoryResponse>;
  return body.data!.betHistory;
}
