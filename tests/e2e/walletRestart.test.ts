/**
 * The server restarts under a signed-in player (docs/wallets.md "The journey, end to end"): the page reconnects within 10 s
 * of the new server listening and keeps playing, still signed in.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/harness';
import { fixedCrashPoints } from '../server/crashPoints';
import { freePort } from '../server/freePort';
import { openBrowser, type Browser } from './browser';
import { injectTestWallet, newWalletKey } from './testWalletScript';
import { balanceReads, connect, dialog, shoot, signIn, submitAmount, WALLET_SERVER_ENV } from './walletPage';

const TEST = { timeout: 240_000 };

describe('a server restart under a signed-in player', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-wallet-restart-'));
  let env: Record<string, string>;
  let server: TestServer;
  let browser: Browser;
  const key = newWalletKey();
  const start = () => startServer(env, { roundSecrets: fixedCrashPoints([2]) });

  beforeAll(async () => {
    const port = String(await freePort());
    env = { ...WALLET_SERVER_ENV, PORT: port, DATA_DIR: dataDir };
    server = await start();
    browser = await openBrowser();
    await injectTestWallet(browser.context, { name: 'Test wallet', jwk: key.jwk });
    await fetch(`${server.api}/payment/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wallet: key.address, amount: 2 }),
    });
    await browser.page.goto(server.api.replace('/api/v1', ''), { waitUntil: 'domcontentloaded' });
  }, 150_000);

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(browser.page, `restart-failed-${task.name.slice(0, 40)}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reconnects within 10 s of the new server and keeps playing, signed in', TEST, async () => {
    const { page } = browser;
    await connect(page, 'Test wallet');
    await signIn(page);
    expect(await submitAmount(page, 'Deposit', '1')).toBe('Transaction successful, funds will be credited soon');
    await balanceReads(page, '10.000 $');
    await dialog(page, 'Your profile').getByRole('button', { name: 'Close' }).click();

    await server.close();
    await page.getByText('Reconnecting…').waitFor({ timeout: 15_000 });
    await shoot(page, 'restart-01-reconnecting');
    server = await start();
    const listening = Date.now();
    await page
      .getByTestId('latency')
      .filter({ hasText: /\d+ ms/ })
      .waitFor({ timeout: 10_000 });
    const reconnectedMs = Date.now() - listening;
    console.info(`reconnected ${reconnectedMs} ms after the new server listened`);
    expect(reconnectedMs).toBeLessThan(10_000);

    await balanceReads(page, '10.000 $');
    const main = page.getByTestId('bet-main-0');
    await expect.poll(async () => (await main.textContent())?.startsWith('BET'), { timeout: 30_000 }).toBe(true);
    await main.click();
    await expect
      .poll(async () => (await main.textContent()) ?? '', { timeout: 30_000, interval: 50 })
      .toMatch(/^(CANCEL|CLAIM)/);
    await balanceReads(page, '9.800 $');
    await shoot(page, 'restart-02-playing');
  });
});
