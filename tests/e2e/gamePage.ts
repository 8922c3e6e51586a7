/** The game in Chromium for a browser test: the real server on the test build, and a page on it with the stage drawn. */

import type { Page } from 'playwright-core';
import type { ServerOptions } from '../../src/server/app';
import { startServer, type TestServer } from '../server/harness';
import { openBrowser, waitForStage, type Browser } from './browser';
import { TEST_DIST } from './buildClient';

/** The page's origin for a server: its API's address without /api/v1. */
const originOf = (server: TestServer) => server.api.replace('/api/v1', '');

/** Chromium on the server's page, once the stage is ready. */
export async function openStage(server: TestServer): Promise<Browser> {
  const browser = await openBrowser();
  try {
    await browser.page.goto(originOf(server));
    await waitForStage(browser.page, (probe) => probe.ready, 90_000);
    return browser;
  } catch (error) {
    await browser.close();
    throw error;
  }
}

export interface GamePage {
  server: TestServer;
  page: Page;
  origin: string;
  close(): Promise<void>;
}

/** Starts the server with `settings` (STATIC_DIR is the test build) and opens its page with the stage ready. */
export async function openGamePage(settings: Record<string, string>, options?: ServerOptions): Promise<GamePage> {
  const server = await startServer({ STATIC_DIR: TEST_DIST, ...settings }, options);
  try {
    const browser = await openStage(server);
    return {
      server,
      page: browser.page,
      origin: originOf(server),
      async close() {
        await browser.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
