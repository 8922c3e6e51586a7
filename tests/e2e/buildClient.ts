/**
 * Vitest global setup of the browser project. Browser tests serve the test build in dist-test/
 * (`vite build --mode test`: the production bundle plus window.__moonrush and the commit-counting
 * Profiler), built when it is missing or older than the client's sources or art, never testing a
 * stale page; and on a machine without Chromium the npm package's is unpacked here once, before
 * the test files race for it.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath } from './browser';

/** The newest modification time of the files under these paths. */
function newest(paths: string[]): number {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (!stat.isDirectory()) latest = Math.max(latest, stat.mtimeMs);
    else latest = Math.max(latest, newest(readdirSync(path).map((name) => join(path, name))));
  }
  return latest;
}

function upToDate(): boolean {
  const built = [`${TEST_DIST}/index.html`, `${TEST_DIST}/ops.html`, `${TEST_DIST}/atlases/manifest.json`];
  if (!built.every((path) => existsSync(path))) return false;
  const sources = [
    ...['src/client', 'src/shared', 'sprites', 'assets/README.md'],
    ...['index.html', 'ops.html', 'vite.config.ts', 'vite.ops.config.ts'],
  ];
  return newest(sources) <= Math.min(...built.map((path) => statSync(path).mtimeMs));
}

/** Where the test build goes (vite.config.ts). */
export const TEST_DIST = 'dist-test';

/** Builds the test bundle into dist-test/, the game then the ops console; throws when a build fails. */
export function buildTestClient(): void {
  for (const config of ['vite.config.ts', 'vite.ops.config.ts']) {
    // Vitest sets NODE_ENV=test, which would give a development React build.
    const build = spawnSync('npx', ['vite', 'build', '--config', config, '--mode', 'test', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`vite build (${config}) failed: the browser tests need dist-test/`);
  }
}

export default async function setup(): Promise<void> {
  await chromiumPath();
  if (!upToDate()) buildTestClient();
}
