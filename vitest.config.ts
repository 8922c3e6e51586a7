import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Server files that judge time or load themselves (latency against a quiet baseline, ticks in a
 * flight, a crowd's arrival): they run one at a time, after the files that run side by side.
 */
const alone = ['tests/server/publicFlood.test.ts', 'tests/server/crowd.test.ts', 'tests/server/stride.test.ts'];

/** The other server test files that start a throwaway PostgreSQL (tests/server/pg.ts). */
const postgresFiles = readdirSync('tests/server')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/server/${name}`)
  .filter((path) => !alone.includes(path) && readFileSync(path, 'utf8').includes("from './pg'"));

/**
 * Files run side by side: most of a server file's time is spent waiting (betting windows, flights,
 * a database, a child process), so three at once keep two cores busy. Every file starts its own
 * servers on free ports and its own PostgreSQL and Redis, so none waits for another's. Four did not
 * help (2026-11-29: 96 of the 130 files after 11 minutes, load average 7): the cores are full.
 */
const SIDE_BY_SIDE = 3;
const sideBySide = { maxWorkers: SIDE_BY_SIDE, sequence: { groupOrder: 0 } };

/**
 * Five projects, each with its own script (npm run test:unit, ...); `npm test` runs them all: unit,
 * server and PostgreSQL files together (group 0), then the browser files two at a time (group 1):
 * each drives Chromium, whose frames and timings the server files' load would disturb; then the
 * server files that judge time or load, one at a time (group 2).
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Every project's servers log into one folder per run, read for secrets once the run ends.
    globalSetup: ['tests/suiteLogsSetup.ts', 'tests/server/databaseImage.ts'],
    hookTimeout: 60_000,
    // With CI=true a skipped test fails the run: CI has redis-server, the only thing a test may skip without.
    reporters: ['default', ...(process.env.CI === 'true' ? ['./tests/noSkips.ts'] : [])],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/{shared,client,lint}/**/*.test.{ts,tsx}'], ...sideBySide },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/*.test.ts'],
          exclude: [...postgresFiles, ...alone],
          ...sideBySide,
        },
      },
      { extends: true, test: { name: 'postgres', include: postgresFiles, ...sideBySide } },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/*.test.ts'],
          globalSetup: ['tests/e2e/buildClient.ts'],
          // Two side by side, each with its own server and Chromium: 10.4–10.6 min for the project on
          // this 2-core machine against 15 one at a time (2026-11-29). Until then they ran one at a time,
          // as two had missed betting windows (a BET pressed as a window closed); every press now waits
          // for a window's start (waitForBettingWindow in browser.ts).
          maxWorkers: 2,
          // A worker keeps the server's and Playwright's modules from one file to the next instead of
          // loading them again for each (every file starts and closes its own server and Chromium).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      { extends: true, test: { name: 'alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
