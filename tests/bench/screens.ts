/**
 * `npm run screens`: the screenshots of docs/screens/ (docs/hud.md "Screens"), taken from the built
 * page (`npm run build` first) in headless Chromium against the real server in this process: a
 * desktop of 1366×768 and phones of 360×640 and 390×844, each while a round flies with a few
 * players' bets in, and the phone's second panel and live bets tabs.
 */

import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import type { GameInfo } from '../../src/shared/protocol';
import { fixedCrashPoints } from '../server/crashPoints';
import { fundedPlayer } from '../server/betting';
import { call } from '../server/client';
import { startServer } from '../server/harness';
import { chromiumPath, FLAGS, GPU_COMPOSITING } from '../e2e/browser';

const OUT = 'docs/screens';
const VIEWS = [
  { name: 'desktop', width: 1366, height: 768, phone: false, tabs: [] },
  { name: 'phone-360x640', width: 360, height: 640, phone: true, tabs: ['Bet 2', 'Live bets'] },
  { name: 'phone-390x844', width: 390, height: 844, phone: true, tabs: [] },
] as const;
const PLAYERS = 6;

mkdirSync(OUT, { recursive: true });
// Every round flies to x6.00 for about 25 s: time to shoot a flight well under way.
const server = await startServer(
  { STATIC_DIR: 'dist', BETTING_MS: '4000', PAUSE_MS: '1000', TICK_MS: '100' },
  { roundSecrets: fixedCrashPoints([6]) },
);
const db = server.server.services.database.db;
const players = await Promise.all(Array.from({ length: PLAYERS }, () => fundedPlayer(server.api, db, 1_000_000)));
const round = async () => (await call<GameInfo>(server.api, 'GET', '/game/info')).body.data!;

/** Waits for the next betting window, puts the players' bets in, and resolves once the flight is `ms` old. */
async function flightWithBets(ms: number): Promise<void> {
  const playing = (await round()).gameId;
  while ((await round()).gameState !== 'CREATED' || (await round()).gameId === playing)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await Promise.all(
    players.map((player, index) =>
      call(server.api, 'POST', '/bet/create', { amount: 5_000 * (index + 1) }, { token: player.token }),
    ),
  );
  for (;;) {
    const info = await round();
    if (info.gameState === 'STARTED' && info.serverTime - info.startedAt! >= ms) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const browser = await chromium.launch({ executablePath: await chromiumPath(), args: [...FLAGS, ...GPU_COMPOSITING] });
try {
  for (const view of VIEWS) {
    const page: Page = await browser.newPage({
      viewport: { width: view.width, height: view.height },
      deviceScaleFactor: view.phone ? 2 : 1,
      isMobile: view.phone,
      hasTouch: view.phone,
      locale: 'en-US',
    });
    await page.goto(server.api.replace('/api/v1', ''));
    await page.locator('.stage-loading').waitFor({ state: 'detached', timeout: 120_000 });
    await flightWithBets(9_000);
    await page.screenshot({ path: `${OUT}/${view.name}.png` });
    console.log(`${OUT}/${view.name}.png`);
    for (const tab of view.tabs) {
      await page.getByRole('tab', { name: tab }).click();
      const file = `${OUT}/${view.name}-${tab.toLowerCase().replace(' ', '-')}.png`;
      await page.screenshot({ path: file });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
