import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** The server test files that start a throwaway PostgreSQL (tests/server/pg.ts). */
const postgresFiles = readdirSync('tests/server')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/server/${name}`)
  .filter((path) => readFileSync(path, 'utf8').includes("from './pg'"));

/** Four projects, each with its own script (npm run test:unit, ...); `npm test` runs them all. */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Every project's servers log into one folder per run, read for secrets once the run ends.
    globalSetup: ['tests/suiteLogsSetup.ts'],
    hookTimeout: 60_000,
    // With CI=true a skipped test fails the run: CI has redis-server, the only thing a test may skip without.
    reporters: ['default', ...(process.env.CI === 'true' ? ['./tests/noSkips.ts'] : [])],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/{shared,client,lint}/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'server', include: ['tests/server/*.test.ts'], exclude: postgresFiles } },
      { extends: true, test: { name: 'postgres', include: postgresFiles } },
      {
        extends: true,
        test: { name: 'browser', include: ['tests/e2e/*.test.ts'], globalSetup: ['tests/e2e/buildClient.ts'] },
      },
    ],
  },
});
