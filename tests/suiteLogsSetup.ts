/**
 * Global setup of every test project (vitest.config.ts): makes the run's log folder before any
 * worker starts, and once every test file has finished, reads what the suite's servers logged
 * (tests/suiteLogs.ts). A log line that carries a secret fails the run, naming the file and line.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSecrets, LOG_DIR_VARIABLE } from './suiteLogs';

/** Every project runs this setup; the first one of the run owns the folder and its check. */
const OWNED = Symbol.for('moonrush.suiteLogs');

export function setup(): (() => void) | undefined {
  const state = globalThis as { [OWNED]?: true };
  if (state[OWNED]) return undefined;
  state[OWNED] = true;
  const dir = mkdtempSync(join(tmpdir(), 'moonrush-test-logs-'));
  process.env[LOG_DIR_VARIABLE] = dir;
  return () => {
    const findings = findSecrets(dir);
    if (findings.length === 0) {
      rmSync(dir, { recursive: true, force: true });
      return;
    }
    const list = findings.map(({ file, line, what }) => `  ${join(dir, file)}:${line}: ${what}`).join('\n');
    console.error(`\n${findings.length} log lines of this run carry a secret (the files are kept):\n${list}`);
    process.exitCode = 1;
  };
}
