/**
 * bench:lighthouse: Google's Lighthouse (12.2.3 from the registry, which runs on Node 20) against a
 * fresh `npm start`, mobile profile (simulated slow 4G and a 4x slower CPU). Builds the client,
 * starts the server as its own process with an empty data folder, runs Lighthouse `--runs` times
 * (default 3) and prints each run and the median of the four scores and the paint, blocking and
 * shift metrics.
 *
 * Chromium composites on SwiftShader's Vulkan device (GPU_COMPOSITING in tests/e2e/browser.ts), as
 * a phone composites on its GPU; `--software-compositing` keeps headless Chromium's default, which
 * reads every WebGL frame back to the CPU.
 *
 *   npm run bench:lighthouse -- [--runs 3] [--software-compositing] [--report-dir DIR]
 *
 * `--report-dir` keeps each run's JSON report there (run-N.json) instead of deleting it.
 */

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumPath, FLAGS, GPU_COMPOSITING } from '../e2e/browser';
import { freePort } from '../server/freePort';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['first-contentful-paint', 'FCP', 's'],
  ['largest-contentful-paint', 'LCP', 's'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 's'],
] as const;

interface Report {
  categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { numericValue?: number; score: number | null; title: string; details?: { items?: { description?: string }[] } }
  >;
}

/** The audits that cost a category other than performance its points, with what they found. */
function failures(report: Report): string[] {
  return CATEGORIES.filter((name) => name !== 'performance').flatMap((name) =>
    report.categories[name]!.auditRefs.flatMap(({ id, weight }) => {
      const audit = report.audits[id]!;
      if (weight === 0 || audit.score === null || audit.score >= 1) return [];
      const found = (audit.details?.items ?? []).flatMap((item) => (item.description ? [item.description] : []));
      return [`${name}: ${audit.title}${found.length > 0 ? ` (${found.join('; ')})` : ''}`];
    }),
  );
}

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'software-compositing': { type: 'boolean', default: false },
    'report-dir': { type: 'string' },
  },
});
const runs = Number(values.runs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const shown = (value: number, unit: string) =>
  unit === 's' ? `${(value / 1000).toFixed(2)} s` : unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);

async function startServer(): Promise<{ origin: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-lighthouse-'));
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    const up = await fetch(`${origin}/api/v1/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (tries > 600) throw new Error('the server did not answer /health in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    /** Stops the server, then removes its data folder (its shutdown still reads the folder's lock). */
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function lighthouse(url: string, out: string, chrome: string): Report {
  const flags = values['software-compositing'] ? FLAGS : [...FLAGS, ...GPU_COMPOSITING];
  execFileSync(
    'npx',
    ['-y', LIGHTHOUSE, url, '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${flags.join(' ')}`],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: 'inherit' },
  );
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const chrome = await chromiumPath();
const server = await startServer();
const folder = values['report-dir'] ?? mkdtempSync(join(tmpdir(), 'moonrush-lighthouse-report-'));
try {
  // One untimed visit: the server's first answers (the seed chain, caches) are not a player's first visit.
  await fetch(server.origin);
  const reports: Report[] = [];
  for (let run = 0; run < runs; run += 1) {
    const report = lighthouse(server.origin, join(folder, `run-${run}.json`), chrome);
    reports.push(report);
    const scores = CATEGORIES.map((name) => `${name} ${Math.round(report.categories[name]!.score * 100)}`);
    const metrics = METRICS.map(([id, label, unit]) => `${label} ${shown(report.audits[id]!.numericValue!, unit)}`);
    console.log(`run ${run + 1}: ${scores.join(', ')}; ${metrics.join(', ')}`);
    for (const failure of failures(report)) console.log(`  ${failure}`);
  }
  const scores = CATEGORIES.map(
    (name) => `${name} ${Math.round(median(reports.map((report) => report.categories[name]!.score)) * 100)}`,
  );
  const metrics = METRICS.map(
    ([id, label, unit]) => `${label} ${shown(median(reports.map((report) => report.audits[id]!.numericValue!)), unit)}`,
  );
  console.log(`median of ${runs} (${new Date().toISOString()}, load ${loadavg()[0]!.toFixed(2)}):`);
  console.log(`  ${scores.join(', ')}`);
  console.log(`  ${metrics.join(', ')}`);
} finally {
  await server.stop();
  if (!values['report-dir']) rmSync(folder, { recursive: true, force: true });
}
