/**
 * The strategy lab in Chromium against the real server (docs/hud.md "Player tools"): a seed chain of
 * 10,000 ended rounds stored as the engine stores them, fetched from GET /game/rounds and verified
 * in the page (the time is printed: docs/benchmarks/lab.md), replayed with figures equal
 * to a recomputation here; every round of a run opening its fairness data; a player's own strategy
 * in the sandbox, one that loops forever and one that grows its state past its memory budget.
 */

import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rounds, seedChains } from '../../src/server/db/schema';
import { previousSeed, randomSeed, roundFromSeed } from '../../src/shared/fairness';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, waitForStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';

const ROUNDS = 10_000;
const CLIENT_SEED = 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi';
const TEST = { timeout: 180_000 };

/** A committed chain of `length` links and its rounds, link 1 first. */
async function chainOfRounds(length: number) {
  const seeds = [randomSeed()];
  while (seeds.length <= length) seeds.unshift(await previousSeed(seeds[0]!));
  const [commitment, ...links] = seeds;
  return { commitment: commitment!, rounds: await Promise.all(links.map((seed) => roundFromSeed(seed, CLIENT_SEED))) };
}

/** Martingale from 10 coins at x2, recomputed here from the rule of the game: paid when x2 < the crash point. */
function martingaleByHand(fullRates: number[], start: number) {
  let balance = start;
  let stake = 1000;
  let peak = start;
  let drawdown = 0;
  let streak = 0;
  let longest = 0;
  let bets = 0;
  for (const fullRate of fullRates) {
    if (stake > balance) break;
    bets++;
    const won = 2 < fullRate;
    balance += won ? stake : -stake;
    streak = won ? 0 : streak + 1;
    longest = Math.max(longest, streak);
    stake = won ? 1000 : stake * 2;
    peak = Math.max(peak, balance);
    drawdown = Math.max(drawdown, peak - balance);
  }
  return { final: balance, drawdown, streak: longest, bets };
}

describe('the strategy lab in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let fullRates: number[];
  const problems: string[] = [];

  beforeAll(async () => {
    server = await startServer({ STATIC_DIR: TEST_DIST, BETTING_MS: '600000' });
    // The engine's first round waits for bets; stopped, it is voided, and the chain below follows it.
    await server.server.services.engine.stop();
    const chain = await chainOfRounds(ROUNDS);
    fullRates = chain.rounds.map((round) => round.fullRate);
    const { db } = server.server.services.database;
    const [stored] = await db
      .insert(seedChains)
      .values({
        ...{ commitment: chain.commitment, length: ROUNDS, checkpointEvery: ROUNDS, sealedCheckpoints: '' },
        ...{ clientSeed: CLIENT_SEED, clientSeedSource: 'test', createdAt: Date.now() },
      })
      .returning();
    for (let from = 0; from < ROUNDS; from += 1000) {
      await db.insert(rounds).values(
        chain.rounds.slice(from, from + 1000).map((round, i) => ({
          ...round,
          state: 'ENDED',
          rateHundredths: Math.floor(round.fullRate * 100 * (1 + 1e-12)),
          ...{ createdAt: 0, startsAt: 0, startedAt: 0, endedAt: from + i },
          ...{ chainId: stored!.id, chainIndex: from + i + 1 },
        })),
      );
    }
    browser = await openBrowser();
    page = browser.page;
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(server.api.replace('/api/v1', ''));
    await waitForStage(page, (probe) => probe.ready, 90_000);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const lab = () => page.getByRole('dialog', { name: 'Strategy Lab' });
  const figure = async (name: string) =>
    Number(await lab().locator(`[data-figure="${name}"]`).getAttribute('data-value'));

  async function runLab(kind: string, count: number): Promise<number> {
    await lab().locator('select[name="kind"]').selectOption(kind);
    await lab().locator('input[name="rounds"]').fill(String(count));
    const began = Date.now();
    await lab().getByRole('button', { name: 'Run' }).click();
    await lab().locator('[data-testid="lab-result"], [data-testid="lab-error"]').first().waitFor({ timeout: 60_000 });
    return Date.now() - began;
  }

  it(
    'fetches and verifies 10,000 rounds, then draws martingale over them with the figures recomputed here',
    TEST,
    async () => {
      await page.getByRole('button', { name: 'Strategy Lab' }).first().click();
      // A first small run loads the lab's chunk and warms the server's database, as a player's second run finds them.
      await runLab('fixed', 100);
      // The page's own timings of the ten GET /game/rounds pages, fetched one after the other (docs/benchmarks/lab.md).
      await page.evaluate(() => {
        performance.clearResourceTimings();
        performance.setResourceTimingBufferSize(1000);
      });
      const ms = await runLab('martingale', ROUNDS);
      console.log(
        `strategy lab: fetched, verified and replayed ${ROUNDS} rounds in the page in ${ms} ms (load average ${loadavg()[0]!.toFixed(1)})`,
      );
      const fetching = await page.evaluate(() => {
        const pages = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
          entry.name.includes('/game/rounds'),
        );
        const sum = (part: (entry: PerformanceResourceTiming) => number) =>
          Math.round(pages.reduce((total, entry) => total + part(entry), 0));
        return {
          pages: pages.length,
          all: Math.round(Math.max(...pages.map((e) => e.responseEnd)) - Math.min(...pages.map((e) => e.startTime))),
          // From the request sent to the first byte: the server's time (and the network's, nil here).
          server: sum((e) => e.responseStart - e.requestStart),
          download: sum((e) => e.responseEnd - e.responseStart),
        };
      });
      console.log(
        `strategy lab: of which fetching the ${fetching.pages} pages of rounds ${fetching.all} ms (waiting for the server ${fetching.server} ms, downloading ${fetching.download} ms)`,
      );
      expect(await lab().getByTestId('lab-verified').textContent()).toMatch(
        new RegExp(
          `^Verified ${ROUNDS} of ${ROUNDS} rounds \\(hash, crash point and chain link\\)\\. Rounds \\d+–\\d+\\.$`,
        ),
      );
      const expected = martingaleByHand(fullRates, 100_000);
      expect({
        final: await figure('final'),
        drawdown: await figure('drawdown'),
        streak: await figure('streak'),
        bets: await figure('bets'),
      }).toEqual(expected);
      expect(Number(await lab().getByTestId('balance-chart').getAttribute('data-points'))).toBe(expected.bets + 1);
      expect(await lab().locator('.lab-chart canvas').count()).toBe(1);
      expect(ms).toBeLessThan(30_000);
    },
  );

  it(
    "runs the player's own strategy in the sandbox like the built-in one it copies, and stops one that loops forever",
    TEST,
    async () => {
      await runLab('martingale', 500);
      const builtIn = await figure('final');
      await runLab('custom', 500);
      expect(await figure('final')).toBe(builtIn);
      expect(await page.locator('iframe[data-testid="strategy-sandbox"]').count()).toBe(0);

      await lab().getByLabel('Strategy code').fill('() => { for (;;) {} }');
      await runLab('custom', 100);
      expect(await lab().getByTestId('lab-error').textContent()).toBe(
        'The strategy ran for more than 3 s and was stopped: does it loop forever?',
      );
      // The sandbox has no network: a synchronous request to the game's own API fails inside the strategy.
      const request = `new XMLHttpRequest(); r.open('GET', '${server.api}/game/info', false); r.send()`;
      await lab().getByLabel('Strategy code').fill(`() => { const r = ${request}; return { stake: 10, target: 2 }; }`);
      await runLab('custom', 10);
      expect(await lab().getByTestId('lab-error').textContent()).toMatch(/^The strategy failed: .*(Network|send)/);
      // The only complaint of the page is that refused request.
      expect(problems.filter((text) => !text.includes('connect-src'))).toEqual([]);
    },
  );

  it(
    'opens the fairness data of an early round of a 1,000-round run from its row or the chart, with few rows in the page',
    TEST,
    async () => {
      await runLab('fixed', 1000);
      // A fixed bet can run out of balance before the 1,000th round: the run, whatever it was, must come back.
      const ended = await lab().getByTestId('lab-stopped').textContent();
      const rows = lab().getByTestId('lab-rounds').getByRole('listitem');
      expect(await rows.count()).toBeLessThan(60);
      const fifth = rows.filter({ has: page.locator('span:first-child', { hasText: /^5$/ }) });
      const gameId = await fifth.locator('.lab-link').textContent();
      await fifth.focus();
      await page.keyboard.press('Enter');
      const fair = page.getByRole('dialog', { name: 'Provably Fair' });
      expect(await fair.getByText(`Round ${gameId}`).isVisible()).toBe(true);
      // The 5th oldest of the newest 1,000 rounds of the chain.
      expect(Number(await fair.locator('.modal-value').first().textContent())).toBe(fullRates[ROUNDS - 1000 + 4]);
      await expect
        .poll(() => fair.getByTestId('fairness-check').allTextContents(), { timeout: 30_000 })
        .toEqual(expect.arrayContaining([expect.stringMatching(/^✓Hash of rate \+ salt/)]));
      await page.keyboard.press('Escape');
      // The lab opens again on the same run.
      await page.getByRole('button', { name: 'Strategy Lab' }).first().click();
      expect(await lab().getByTestId('lab-stopped').textContent()).toBe(ended);
      // A click on the chart opens the round under the cursor.
      await lab().locator('.lab-chart .u-over').click();
      expect(await fair.getByText(/^Round \d+$/).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Strategy Lab' }).first().click();
    },
  );

  it(
    'stops a strategy whose state grows without bound, with its memory budget in words, and the page lives on',
    TEST,
    async () => {
      const hoarder =
        "(balance, history, state) => { state.log = (state.log ?? '') + 'x'.repeat(1000); return { stake: 10, target: 2 }; }";
      await lab().locator('select[name="kind"]').selectOption('custom');
      await lab().getByLabel('Strategy code').fill(hoarder);
      await runLab('custom', 1000);
      expect(await lab().getByTestId('lab-error').textContent()).toBe(
        'The strategy keeps more than 64 KiB in its state and was stopped: a strategy may carry at most 64 KiB (as JSON) from one round to the next',
      );
      // Nor can it hang what it keeps on the worker's global object (frozen, freezeAll.ts).
      await lab().getByLabel('Strategy code').fill("() => { 'use strict'; self.keep = []; return null; }");
      await runLab('custom', 10);
      expect(await lab().getByTestId('lab-error').textContent()).toMatch(/^The strategy failed: .*not extensible/);
      // Or on a built-in.
      await lab().getByLabel('Strategy code').fill("() => { 'use strict'; Math.max.keep = []; return null; }");
      await runLab('custom', 10);
      expect(await lab().getByTestId('lab-error').textContent()).toMatch(/^The strategy failed: .*not extensible/);
      expect(await page.locator('iframe[data-testid="strategy-sandbox"]').count()).toBe(0);
      await runLab('fixed', 100);
      expect(await lab().getByTestId('lab-stopped').textContent()).toBe('Played all 100 rounds.');
    },
  );
});
