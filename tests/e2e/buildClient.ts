/** Vitest global setup: browser tests serve dist/, so build it once when it is missing (CI builds first). */

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export default function setup(): void {
  if (existsSync('dist/index.html') && existsSync('dist/atlases/manifest.json')) return;
  // Vitest sets NODE_ENV=test, which would give a development React build.
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error('vite build failed: the browser tests need dist/');
}
