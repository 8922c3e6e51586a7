/**
 * The operator's console in Chromium against the real server (docs/ops.md): an operator created
 * the way `npm run ops:add` creates one signs in with password and TOTP; pauses the game while a
 * player's bet is in a round (the round settles, the bet is not voided, the player's page shows the
 * notice, no round starts until resume); approves and rejects withdrawals held for review while
 * the player's page follows; blocks a player, whose next bet is refused. A viewer sees the actions
 * disabled; a session ended elsewhere sends the page back to sign-in.
 */

import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets, rounds } from '../../src/server/db/schema';
import { addOperator } from '../../src/server/ops/operators';
import { fundedPlayer } from '../server/betting';
import { fixedCrashPoints } from '../server/crashPoints';
import { startServer, type TestServer } from '../server/harness';
import { balanceOf, call, playerWithCoins } from '../server/paymentClient';
import { openBrowser, waitForBettingWindow, waitForStage, type Browser } from './browser';
import { dialog, openWithStorage, profileButton, signInByEmail, submitAmount, WALLET_SERVER_ENV } from './walletPage';

const TEST = { timeout: 180_000 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

/** The code an authenticator app shows now for `secret` (RFC 6238: SHA-1, 6 digits, 30 s), by the server's own library. */
const totpCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

describe('the operator console in Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  /** The operator's tab and the player's tab, side by side in one browser. */
  let ops: Page;
  let player: Page;
  let admin: { email: string; password: string; totpSecret: string };
  const db = () => t.server.services.database.db;
  const origin = () => t.api.replace('/api/v1', '');

  beforeAll(async () => {
    // Every withdrawal of 200 coins or more (the minimum) waits for review.
    // Short flights, so that the paused round settles and the next betting window comes soon.
    t = await startServer(
      { ...WALLET_SERVER_ENV, WITHDRAW_REVIEW_ABOVE: '100' },
      { roundSecrets: fixedCrashPoints([1.5, 3]) },
    );
    admin = { email: 'admin@ops.test', ...(await addOperator(db(), 'admin@ops.test', 'admin')) };
    browser = await openBrowser();
    ops = browser.page;
    player = await browser.context.newPage();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const view = (name: string) => ops.getByRole('navigation', { name: 'Views' }).getByRole('button', { name });
  const panel = (name: string) => ops.getByRole('region', { name });

  /** Fills the sign-in form; the caller waits for what should follow. */
  async function fillSignIn(page: Page, email: string, password: string, code: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Code from your authenticator').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Fills a confirm dialog's reason and presses its button. */
  async function confirm(title: string, button: string, reason: string): Promise<void> {
    const box = ops.getByRole('dialog', { name: title });
    await box.getByLabel('Reason').fill(reason);
    await box.getByRole('button', { name: button, exact: true }).click();
    await box.waitFor({ state: 'detached' });
  }

  it('signs an operator in with password and TOTP, refusing a wrong code, and shows the role', TEST, async () => {
    await ops.goto(`${origin()}/ops`);
    const right = totpCode(admin.totpSecret);
    const wrong = right.slice(0, 5) + String((Number(right[5]) + 5) % 10);
    await fillSignIn(ops, admin.email, admin.password, wrong);
    await poll(() => ops.getByRole('alert').textContent()).toBe('Invalid credentials');

    await fillSignIn(ops, admin.email, admin.password, right);
    await ops.getByLabel('Role: admin').waitFor();
    await ops.getByText(admin.email).waitFor();
    // The live state arrives over STOMP: the round panel names a round.
    await poll(() => panel('Round').locator('dd').first().textContent()).toMatch(/^\d+$/);
    // The reserves ratio as a percentage: "46.429" read as forty-six thousand beside coins grouped with dots.
    const ratio = panel('House').locator('.ops-stat', { hasText: 'Reserves ratio' }).locator('dd');
    await poll(() => ratio.textContent()).toMatch(/^(—|\d+ % of what is owed)$/);
  });

  it(
    'pauses with a reason while a bet is in the round: it settles, the player sees the notice, no round starts until resume',
    TEST,
    async () => {
      const bettor = await fundedPlayer(t.api, db(), 100_000);
      await player.goto(origin());
      await waitForStage(player, (probe) => probe.ready, 90_000);
      await signInByEmail(player, bettor.email);

      // A bet in the round taking bets, then the pause before that round is over. On a busy machine
      // the 2.5 s window may close before the bet lands ("Betting is closed"): the next window then.
      let bet = { status: 0 };
      for (let window = 0; window < 3 && bet.status !== 200; window += 1) {
        await waitForBettingWindow(player);
        bet = await call<{ betId: string }>(t, 'POST', '/bet/create', { amount: 1000 }, bettor.token);
      }
      expect(bet.status).toBe(200);
      await ops.getByRole('button', { name: 'Pause', exact: true }).click();
      await confirm('Pause the game', 'Pause', 'Database upgrade');

      await poll(() => player.getByTestId('maintenance-banner').textContent()).toBe('Maintenance: Database upgrade');
      await poll(() => panel('Maintenance').getByRole('status').textContent()).toMatch(
        /^Paused by admin@ops\.test since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: Database upgrade$/,
      );

      // The bet's round flies and settles as usual; the bet is not voided.
      const [row] = await db().select().from(bets).where(eq(bets.accountId, bettor.id));
      const roundState = async () =>
        (await db().select({ state: rounds.state }).from(rounds).where(eq(rounds.id, row!.roundId)))[0]!.state;
      await poll(roundState).toBe('ENDED');
      expect((await db().select().from(bets).where(eq(bets.accountId, bettor.id)))[0]!.status).not.toBe('VOID');

      // No new round: the newest stays the bet's round for several betting windows. (A wait: what is
      // shown is that nothing happens.)
      await ops.waitForTimeout(3 * Number(WALLET_SERVER_ENV.BETTING_MS));
      const newest = async () =>
        (await db().select({ id: rounds.id }).from(rounds).orderBy(desc(rounds.id)).limit(1))[0]!.id;
      expect(await newest()).toBe(row!.roundId);

      await ops.getByRole('button', { name: 'Resume' }).click();
      await player.getByTestId('maintenance-banner').waitFor({ state: 'detached' });
      await poll(newest).toBeGreaterThan(row!.roundId);
      await poll(() => panel('Maintenance').getByRole('status').textContent()).toBe(
        'Running: new rounds start as usual.',
      );
    },
  );

  /** A wallet player with 10,000 coins on the player's tab, the profile modal open. */
  async function walletPlayerOnPage() {
    const who = await playerWithCoins(t, 1);
    await openWithStorage(player, origin(), { access_token: who.token });
    await waitForStage(player, (probe) => probe.ready, 90_000);
    await profileButton(player).click();
    await dialog(player, 'Your profile').waitFor();
    return who;
  }

  const withdrawalList = () => dialog(player, 'Your profile').getByRole('list', { name: 'Your withdrawals' });

  /** The held withdrawal's card on the ops page, found by its amount. */
  async function heldCard(coins: string) {
    await view('Withdrawals').click();
    const card = ops.getByRole('listitem').filter({ hasText: `${coins} coins` });
    await card.waitFor();
    return card;
  }

  it('holds a withdrawal for review; the approval pays it and the player sees it sent', TEST, async () => {
    const who = await walletPlayerOnPage();
    expect(await submitAmount(player, 'Withdraw', '300')).toBe(
      'Your withdrawal is under review; you will see the result here',
    );
    await poll(() => withdrawalList().textContent()).toBe('300 coinsUnder review');
    expect(await balanceOf(t, who)).toBe(970_000n);

    const card = await heldCard('300');
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.waitFor({ state: 'detached' });

    // The player's modal stayed open: the list follows the operator's decision by itself.
    await poll(() => withdrawalList().textContent()).toMatch(/^300 coins(Sending|Sent)$/);
    expect(await balanceOf(t, who)).toBe(970_000n);
    await player.keyboard.press('Escape');
  });

  it('rejects a held withdrawal with a reason: the coins come back and the player reads why', TEST, async () => {
    const who = await walletPlayerOnPage();
    expect(await submitAmount(player, 'Withdraw', '250')).toBe(
      'Your withdrawal is under review; you will see the result here',
    );
    expect(await balanceOf(t, who)).toBe(975_000n);

    const card = await heldCard('250');
    await card.getByRole('button', { name: 'Reject' }).click();
    await confirm('Reject the withdrawal', 'Reject', 'Wallet flagged by compliance');
    await card.waitFor({ state: 'detached' });
    expect(await balanceOf(t, who)).toBe(1_000_000n);

    await poll(() => withdrawalList().textContent()).toBe(
      '250 coinsRejected: Wallet flagged by compliance (coins returned)',
    );
    await player.keyboard.press('Escape');
  });

  it('blocks a player found by email: the next bet is refused; the audit log has the row', TEST, async () => {
    const blocked = await fundedPlayer(t.api, db(), 100_000);
    await view('Players').click();
    await ops.getByLabel('Wallet, email or referral code').fill(blocked.email);
    await ops.getByRole('button', { name: 'Search' }).click();
    await ops.getByRole('list', { name: 'Players found' }).getByRole('button').first().click();
    await ops.getByRole('button', { name: 'Block' }).click();
    await confirm('Block the player', 'Block', 'Chargeback abuse');
    await poll(() => panel('Player').textContent()).toContain('Chargeback abuse');
    await ops.getByRole('button', { name: 'Unblock' }).waitFor();

    // In a betting window, so that the block is the one reason to refuse.
    await waitForBettingWindow(player);
    const refused = await call(t, 'POST', '/bet/create', { amount: 1000 }, blocked.token);
    expect(refused.body.success).toBe(false);
    expect(refused.body.errorMessage).toMatch(/blocked/i);

    await view('Audit').click();
    await poll(() => panel('Audit log').textContent()).toContain('Chargeback abuse');
  });

  it('shows a viewer every action disabled, with the reason', TEST, async () => {
    const viewer = await addOperator(db(), 'viewer@ops.test', 'viewer');
    await ops.getByRole('button', { name: 'Sign out' }).click();
    await fillSignIn(ops, 'viewer@ops.test', viewer.password, totpCode(viewer.totpSecret));
    await ops.getByLabel('Role: viewer').waitFor();
    const pause = ops.getByRole('button', { name: /^(Pause|Resume)$/ });
    expect(await pause.isDisabled()).toBe(true);
    expect(await pause.getAttribute('aria-description')).toBe('Admins only: you are signed in as a viewer');
  });

  it('goes back to sign-in, saying why, when the session ends elsewhere', TEST, async () => {
    // The viewer's session, ended by a logout with its token (as an expiry would end it).
    const token = await ops.evaluate(() => JSON.parse(sessionStorage.getItem('ops_session')!).token as string);
    expect((await call(t, 'POST', '/ops/logout', undefined, token)).status).toBe(200);
    await poll(() => ops.getByRole('status').first().textContent()).toBe('Your session has expired. Sign in again.');
    await ops.getByRole('form', { name: 'Operator sign-in' }).waitFor();
  });
});
