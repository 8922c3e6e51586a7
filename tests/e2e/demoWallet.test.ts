/**
 * A newcomer without any wallet on a phone (docs/wallets.md "The demo wallet" and "The journey, end to end"): the demo wallet, funded by the
 * local faucet, plays the whole loop on a 360x640 screen. Screenshots go to test-results/wallet.
 */

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCoins } from '../../src/shared/money';
import { startServer, type TestServer } from '../server/harness';
import { fixedCrashPoints } from '../server/crashPoints';
import { localChain } from '../server/paymentClient';
import { openBrowser, type Browser } from './browser';
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

describe('the demo wallet on a phone', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(WALLET_SERVER_ENV, { roundSecrets: fixedCrashPoints([2]) });
    browser = await openBrowser({ phone: true });
    await browser.page.goto(server.api.replace('/api/v1', ''), { waitUntil: 'domcontentloaded' });
  }, 150_000);

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(browser.page, `phone-failed-${task.name.slice(0, 40)}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('connects the demo wallet, which the faucet funds, and signs in', TEST, async () => {
    const { page } = browser;
    await connect(page, 'Demo wallet');
    const stored = await page.evaluate(() => localStorage.getItem('demoWalletKey'));
    expect(JSON.parse(stored!)).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    await shoot(page, 'phone-01-demo-connected');
    await signIn(page);
    const { wallet } = await serverProfile(page, server.api);
    await expect.poll(() => localChain(server).balance(wallet!), { timeout: 20_000 }).toBe(10_000_000_000n);
    await shoot(page, 'phone-02-signed-in');
  });

  it('deposits, bets with an auto cash-out, withdraws and logs out', TEST, async () => {
    const { page } = browser;
    expect(await submitAmount(page, 'Deposit', '1')).toBe('Transaction successful, funds will be credited soon');
    await balanceReads(page, '10.000 $');
    await dialog(page, 'Your profile').getByRole('button', { name: 'Close' }).click();

    const panel = page.getByRole('group', { name: 'Bet panel 1' });
    await panel.getByLabel('Cash out at').fill('1.50');
    await panel.getByTestId('bet-main-0').click();
    await balanceReads(page, '10.100 $', 60_000);
    await shoot(page, 'phone-03-won');

    await profileButton(page).click();
    expect(await submitAmount(page, 'Withdraw', '200')).toBe('Transaction successful, funds will be credited soon');
    await balanceReads(page, `${formatCoins(990_000)} $`);
    await dialog(page, 'Your profile').getByRole('button', { name: 'Logout' }).click();
    await balanceReads(page, 'Login');
    await shoot(page, 'phone-04-logged-out');
  });

  it("the connected wallet's menu changes the wallet and disconnects it", TEST, async () => {
    const { page } = browser;
    // The profile modal stays open after Logout, as 'Connect your wallet'.
    const modal = dialog(page, 'Connect your wallet');
    if ((await modal.count()) > 0) await modal.getByRole('button', { name: 'Close' }).click();
    await connect(page, 'Demo wallet');
    const walletButton = modal.getByRole('button', { name: /^\w{4}\.\.\w{4}$/ });
    await walletButton.click();
    await modal.getByRole('menuitem', { name: 'Change wallet' }).click();
    await expect.poll(() => modal.getByRole('menu').count()).toBe(0);
    const picker = dialog(page, 'Connect Wallet');
    await picker.waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await walletButton.click();
    await modal.getByRole('menuitem', { name: 'Disconnect' }).click();
    await modal.getByRole('button', { name: 'Select Wallet' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => modal.getByRole('menu').count()).toBe(0);
  });
});
