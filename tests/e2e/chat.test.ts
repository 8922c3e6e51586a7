/**
 * The chat in Chromium against the real server: markup in a message stays text, a shared bet opens
 * its round's Provably Fair dialog, a message written in the page reaches the room, a message deleted
 * in the console leaves the page at once, and on a phone the stage (the multiplier) stays in view
 * with the chat open.
 */

import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetWithRound, GameInfo } from '../../src/shared/protocol';
import type { ChatMessage } from '../../src/shared/wire/chat';
import { fundedPlayer } from '../server/betting';
import { call } from '../server/client';
import { fixedCrashPoints } from '../server/crashPoints';
import type { TestServer } from '../server/harness';
import { openBrowser, waitForStage } from './browser';
import { openGamePage, type GamePage } from './gamePage';
import { signInByEmail } from './walletPage';
import { addOperator } from '../../src/server/ops/operators';
import { totpCode } from '../server/opsClient';

const TEST = { timeout: 180_000 };
const SHOTS = 'test-results/chat';
mkdirSync(SHOTS, { recursive: true });
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });
/** Markup that would run if the page ever put a message into the DOM as HTML. */
const MARKUP = '<img src=x onerror="document.title=1+1">';

describe('the chat in Chromium', () => {
  let game: GamePage;
  let server: TestServer;
  let page: Page;
  let origin: string;
  let writer: { token: string; email: string };

  beforeAll(async () => {
    game = await openGamePage(
      { BETTING_MS: '1500', PAUSE_MS: '300', TICK_MS: '100', CHAT_MIN_ROUNDS: '0' },
      { roundSecrets: fixedCrashPoints([1.2]) },
    );
    ({ server, page, origin } = game);
    writer = await fundedPlayer(server.api, server.server.services.database.db, 100_000);
  }, 240_000);

  afterAll(() => game?.close());

  const say = (body: unknown) =>
    call<ChatMessage>(server.api, 'POST', '/chat/en/messages', body, { token: writer.token });
  const chat = () => page.getByRole('complementary', { name: 'Chat' });

  /** A bet of the writer's in the next betting window, settled once its round has ended (lost, or cashed out by none). */
  async function settledBet(): Promise<string> {
    let betId: string | undefined;
    while (!betId) {
      const info = await call<GameInfo>(server.api, 'GET', '/game/info');
      if (info.body.data?.gameState === 'CREATED') {
        const bet = await call<{ betId: string }>(server.api, 'POST', '/bet/create', { amount: 1500 }, writer);
        betId = bet.body.data?.betId;
      }
      if (!betId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const history = () => call<{ betHistory: BetWithRound[] }>(server.api, 'GET', '/bet/history', undefined, writer);
    await poll(
      async () => (await history()).body.data!.betHistory.find((bet) => bet.betId === betId)?.gameRate ?? null,
    ).not.toBeNull();
    return betId;
  }

  it('shows a message with markup as text, never as HTML', TEST, async () => {
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await chat().waitFor();
    const title = await page.title();
    expect((await say({ text: `look ${MARKUP}` })).status).toBe(200);
    const row = chat().locator('.chat-message', { hasText: 'look' });
    await poll(() => row.count()).toBe(1);
    expect(await row.locator('.chat-text').textContent()).toBe(`look ${MARKUP}`);
    expect(await chat().locator('img').count()).toBe(0);
    expect(await page.title()).toBe(title);
  });

  it('opens the shared bet’s round in the Provably Fair dialog', TEST, async () => {
    const betId = await settledBet();
    const shared = await say({ shareBetId: betId });
    expect(shared.status).toBe(200);
    const gameId = shared.body.data!.share!.gameId;
    const card = chat().getByRole('button', { name: new RegExp(`Shared bet, round ${gameId}`) });
    await card.waitFor();
    expect(await card.textContent()).toContain('15: lost');
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Provably Fair' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Round ${gameId}`);
    expect(await dialog.textContent()).not.toContain('***');
    await page.keyboard.press('Escape');
  });

  it(
    'sends a message typed in the page, and tells the player the server’s reason for a refused one',
    TEST,
    async () => {
      await signInByEmail(page, writer.email);
      const input = chat().getByLabel('Write a message');
      await input.fill('hello from the page, @nobody');
      await input.press('Enter');
      await poll(() => chat().locator('.chat-message', { hasText: 'hello from the page' }).count()).toBe(1);
      expect(await chat().locator('.chat-mention').textContent()).toBe('@nobody');
      await input.fill('come to moon-bonus.gg');
      await input.press('Enter');
      await poll(() => chat().getByRole('alert').textContent()).toBe('Links are not allowed in the chat');
      await page.screenshot({ path: `${SHOTS}/desktop.png` });
    },
  );

  it('deletes a reported message from the console, and it leaves the player’s page at once', TEST, async () => {
    const rude = (await say({ text: 'you all lose, losers' })).body.data!;
    const row = chat().locator(`.chat-message[data-id="${rude.id}"]`);
    await row.waitFor();
    const reporter = await fundedPlayer(server.api, server.server.services.database.db, 0);
    await call(server.api, 'POST', `/chat/messages/${rude.id}/report`, { reason: 'abuse' }, reporter);
    const { password, totpSecret } = await addOperator(server.server.services.database.db, 'mod@ops.example', 'admin');
    const moderator = await openBrowser();
    try {
      const ops = moderator.page;
      await ops.goto(`${origin}/ops`);
      await ops.getByLabel('Email').fill('mod@ops.example');
      await ops.getByLabel('Password').fill(password);
      await ops.getByLabel('Code from your authenticator').fill(totpCode(totpSecret));
      await ops.getByRole('button', { name: 'Sign in' }).click();
      await ops.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Chat' }).click();
      const report = ops.getByRole('row', { name: /you all lose, losers/ });
      await report.getByRole('button', { name: 'Delete' }).click();
      await poll(() => row.count()).toBe(0);
      await ops.screenshot({ path: `${SHOTS}/console.png`, fullPage: true });
    } finally {
      await moderator.close();
    }
  });

  it('keeps the stage and its multiplier in view on a phone with the chat open', TEST, async () => {
    const phone = await openBrowser({ phone: true });
    try {
      await phone.page.goto(origin);
      await waitForStage(phone.page, (probe) => probe.ready && probe.readout !== null, 90_000);
      // On a phone the chat's chip is in the menu, with Game Rules and the Strategy Lab.
      await phone.page.getByRole('button', { name: 'Menu' }).click();
      await phone.page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Chat', exact: true }).click();
      const panel = phone.page.getByRole('complementary', { name: 'Chat' });
      await panel.waitFor();
      await poll(() => panel.locator('.chat-message').count()).toBeGreaterThan(0);
      const stage = (await phone.page.locator('.stage-slot').boundingBox())!;
      const sheet = (await panel.boundingBox())!;
      expect(stage.y).toBeGreaterThanOrEqual(0);
      expect(stage.y + stage.height).toBeLessThanOrEqual(sheet.y + 1);
      expect(sheet.y + sheet.height).toBeLessThanOrEqual(640 + 1);
      expect(sheet.height).toBeGreaterThan(200);
      await phone.page.screenshot({ path: `${SHOTS}/phone.png` });
    } finally {
      await phone.close();
    }
  });
});
