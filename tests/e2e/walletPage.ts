/** Steps of the wallet journey in the page, shared by the end-to-end wallet tests. */

import { mkdirSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Envelope, Profile } from '../../src/shared/protocol';
import { TEST_DIST } from './buildClient';

/**
 * The server settings of the wallet tests: short rounds, and no cache on public reads. The local
 * chain accepts only its latest blockhash and moves on every minute, so a blockhash cached across
 * that move makes a deposit fail (BlockhashNotFound) by chance.
 */
export const WALLET_SERVER_ENV = {
  STATIC_DIR: TEST_DIST,
  BETTING_MS: '2500',
  PAUSE_MS: '500',
  TICK_MS: '100',
  PUBLIC_CACHE_MS: '0',
};

const SHOTS = 'test-results/wallet';
mkdirSync(SHOTS, { recursive: true });

/** Saves a screenshot of the page under test-results/wallet. */
export const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

export const profileButton = (page: Page) => page.getByTestId('profile-button').first();
export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** 'Login' → 'Connect your wallet' → the wallet button → the picker → `walletName` → connected. */
export async function connect(page: Page, walletName: string): Promise<void> {
  await profileButton(page).click();
  const modal = dialog(page, 'Connect your wallet');
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Select Wallet' }).click();
  const picker = dialog(page, 'Connect Wallet');
  await picker.getByRole('button', { name: new RegExp(walletName) }).click();
  await modal.getByRole('button', { name: /^\w{4}\.\.\w{4}$/ }).waitFor({ timeout: 15_000 });
}

/**
 * Opens the page at `origin` with `entries` in its localStorage (a session's access token, a
 * language). They are written on a file of that origin that runs none of the page's code: an open
 * page keeps its own session in localStorage and could write it back over them before a reload.
 */
export async function openWithStorage(page: Page, origin: string, entries: Record<string, string>): Promise<void> {
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
  await page.goto(origin);
}

/** 'Login' → 'Connect your wallet' → email and password ('correct horse', as fundedPlayer sets) → 'Your profile', closed. */
export async function signInByEmail(page: Page, email: string): Promise<void> {
  await profileButton(page).click();
  const login = dialog(page, 'Connect your wallet');
  await login.getByLabel('Email', { exact: true }).fill(email);
  await login.getByLabel('Password', { exact: true }).fill('correct horse');
  await login.getByRole('button', { name: 'Sign in with email', exact: true }).click();
  await dialog(page, 'Your profile').waitFor();
  await page.keyboard.press('Escape');
}

/** 'Sign In' in the profile modal, then the modal turns into 'Your profile'. */
export async function signIn(page: Page): Promise<void> {
  await dialog(page, 'Connect your wallet').getByRole('button', { name: 'Sign In with your wallet', exact: true }).click();
  await dialog(page, 'Your profile').waitFor({ timeout: 15_000 });
}

/** Types an amount into a section of 'Your profile' and presses its button; resolves with the message shown. */
export async function submitAmount(page: Page, section: 'Deposit' | 'Withdraw', amount: string): Promise<string> {
  const form = dialog(page, 'Your profile').getByRole('form', { name: section });
  await form.getByRole('textbox').fill(amount);
  await form.getByRole('button', { name: section, exact: true }).click();
  const message = form.locator('.wallet-message');
  await message.waitFor({ timeout: 60_000 });
  return (await message.textContent()) ?? '';
}

/** The profile the page's token gets from the server. */
export async function serverProfile(page: Page, api: string): Promise<Profile> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const reply = await fetch(`${api}/user/profile`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await reply.json()) as Envelope<Profile>;
  expect(body.success).toBe(true);
  return body.data!;
}

/** Waits until the profile button reads `label`. */
export async function balanceReads(page: Page, label: string, timeout = 30_000): Promise<void> {
  await expect
    .poll(async () => (await profileButton(page).textContent())?.trim(), { timeout, interval: 200 })
    .toBe(label);
}
