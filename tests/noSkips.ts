/**
 * A vitest reporter for CI (vitest.config.ts adds it when CI=true): a skipped test fails the run, so
 * a missing PostgreSQL, Chromium or redis-server cannot leave CI green with tests that never ran.
 */

import type { Reporter, TestCase } from 'vitest/node';

export default class NoSkips implements Reporter {
  private readonly skipped: string[] = [];

  onTestCaseResult(test: TestCase): void {
    if (test.result().state === 'skipped') this.skipped.push(`${test.module.moduleId}: ${test.fullName}`);
  }

  onTestRunEnd(): void {
    if (this.skipped.length === 0) return;
    console.error(`\nCI=true and ${this.skipped.length} tests were skipped:\n${this.skipped.join('\n')}`);
    process.exitCode = 1;
  }
}
