/**
 * `npm run bench:frames`: builds the test client, starts the real server with short rounds and a
 * background load of funded players betting 200+ times a round, and drives a phone-sized headless
 * Chromium with the whole HUD through rounds at CPU throttle 1x, 4x and 6x with the stage on the
 * page's main thread (?stage=page, the fallback), then at 4x and 6x with the stage in its worker.
 * Prints per-frame stage work (update plus render: on the main thread for the page path, in the
 * worker for the worker path) p50/p95/p99, the main thread's frame work (every animation-frame
 * callback of a frame, the stage's included on the page path), the share of frames arriving over
 * 33 ms apart, long tasks (> 50 ms) while the rocket flies, React commits per second while flying,
 * the JS heap at the start and after the page path's rounds, and the initial JS (gzip) the page
 * loads before anything lazy.
 * The server and its load run in a child process at nice 19 (frameServer.ts); `--same-priority`
 * runs that child at the benchmark's own priority, as a busy machine would.
 * `--url http://host:port` benchmarks a server that is already running instead (no bet load);
 * `--players N` sets the betting players (default 110, two bets each). `--auto-bet` signs the page in
 * as a funded player and keeps an auto-bet run going in both panels through the page path's rounds
 * (docs/benchmarks/frames.md "With an auto-bet run in both panels"), and says at the end how far
 * each run got.
 */

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { openBrowser, waitForStage } from '../e2e/browser';
import { buildTestClient, TEST_DIST } from '../e2e/buildClient';
import { signInByEmail } from '../e2e/walletPage';
import { initialJsGzipKib } from '../../scripts/initialJs';

/** Where the stage draws: on the page's main thread (?stage=page) or in its worker. */
type StagePath = 'page' | 'worker';

const LEVELS: { path: StagePath; throttle: number; rounds: number }[] = [
  { path: 'page', throttle: 1, rounds: 3 },
  { path: 'page', throttle: 4, rounds: 7 },
  { path: 'page', throttle: 6, rounds: 6 },
  { path: 'worker', throttle: 4, rounds: 5 },
  { path: 'worker', throttle: 6, rounds: 4 },
];
/** Stage work p95 on the page path at these throttles; the rest at 4x. */
/** CPU throttle of the page loads that time the stage's start. */
const START_THROTTLE = 4;
const TARGET = { throttles: [4, 6], workP95Ms: 4, heapGrowthMb: 5, commitsPerSecond: 5, initialJsKib: 300 };
const DEFAULT_PLAYERS = 110;
const ROUND_TIMEOUT_MS = 180_000;

/**
 * Runs in the page before the app: records long tasks, when the stage's phase changes, and the
 * main thread's work per frame: every requestAnimationFrame callback is timed and the times of one
 * frame summed (a no-op callback of its own keeps every frame counted, idle ones at 0).
 */
const PROBE = `
  window.__bench = { longTasks: [], phases: [], frameWork: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const raf = window.requestAnimationFrame.bind(window);
  let frameAt = -1;
  let frameWork = 0;
  window.requestAnimationFrame = (callback) => raf((time) => {
    if (time !== frameAt) {
      if (frameAt >= 0) window.__bench.frameWork.push(frameWork);
      frameAt = time;
      frameWork = 0;
    }
    const start = performance.now();
    try { callback(time); } finally { frameWork += performance.now() - start; }
  });
  const pump = () => window.requestAnimationFrame(pump);
  pump();
  let phase = null;
  setInterval(() => {
    if (window.__bench.readyAt === undefined && window.__moonrush?.stage) window.__bench.readyAt = performance.now();
    const next = window.__moonrush?.stage?.().phase ?? null;
    if (next !== phase) { phase = next; window.__bench.phases.push([performance.now(), next, window.__moonrush?.commits ?? 0]); }
  }, 25);
`;

interface BenchWindow {
  __bench: { longTasks: [number, number][]; phases: Phase[]; frameWork: number[]; readyAt?: number };
}

/** When the phase changed, to what, and React's commit count then. */
type Phase = [number, string | null, number];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

/** The machine's load average (Linux), so figures can be read against how busy the cores were. */
async function uptimeLoad(): Promise<string[]> {
  return (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3);
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** Waits for `count` rounds to fly and crash; returns the ids of the rounds seen whole. */
async function playRounds(page: Page, count: number): Promise<void> {
  for (let round = 0; round < count; round += 1) {
    const flying = await waitForStage(page, (probe) => probe.phase === 'flying', ROUND_TIMEOUT_MS);
    await waitForStage(page, (probe) => probe.phase !== 'flying' || probe.gameId !== flying.gameId, ROUND_TIMEOUT_MS);
    process.stdout.write('.');
  }
}

/**
 * Starts an auto-bet run in both panels: 10 coins cashed out at x2, the stake up 20 % after a
 * loss and back to the base after a win, no number of bets and no stop, so every round of the
 * benchmark places two bets from the page and settles them in its panels.
 */
async function startAutoBets(page: Page): Promise<void> {
  for (const index of [0, 1]) {
    const panel = page.getByRole('group', { name: `Bet panel ${index + 1}` });
    await panel.getByLabel('Bet amount').fill('10');
    await panel.locator('label.px-toggle', { hasText: 'Auto cash out' }).click();
    await panel.getByLabel('Cash out at').fill('2');
    await panel.getByRole('button', { name: /^Auto/ }).click();
    await panel.getByLabel('On loss: increase by %').fill('20');
    await panel.getByRole('button', { name: 'Start run' }).click();
  }
}

/** What each panel's run says ('Bets: 12, net -30 $, running'). */
const autoRuns = (page: Page) =>
  Promise.all([0, 1].map(async (index) => (await page.getByTestId(`auto-run-${index}`).textContent()) ?? ''));

/** The server and its bet load (frameServer.ts) in a child process, at nice 19 unless `lowPriority` is false. */
async function startServerProcess(players: number, lowPriority: boolean, pagePlayer: boolean) {
  const script = [process.execPath, '--import', 'tsx', 'tests/bench/frameServer.ts', String(players)];
  if (pagePlayer) script.push('--page-player');
  const child = spawn('nice', ['-n', lowPriority ? '19' : '0', ...script], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  let lastRound = 0;
  let pageEmail: string | undefined;
  const origin = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: { origin?: string; pageEmail?: string; lastRound?: number }) => {
      pageEmail ??= message.pageEmail;
      if (message.origin) resolve(message.origin);
      if (message.lastRound !== undefined) lastRound = message.lastRound;
    });
    void exited.then(([code]) => reject(new Error(`the benchmark's server exited at start (${String(code)})`)));
  });
  return {
    origin,
    pageEmail,
    lastRound: () => lastRound,
    async stop() {
      child.send('stop');
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const urlIndex = process.argv.indexOf('--url');
  const playersIndex = process.argv.indexOf('--players');
  const players = playersIndex > 0 ? Number(process.argv[playersIndex + 1]) : DEFAULT_PLAYERS;
  const lowPriority = !process.argv.includes('--same-priority');
  const autoBet = process.argv.includes('--auto-bet');
  let load: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let origin = urlIndex > 0 ? process.argv[urlIndex + 1] : undefined;
  if (!origin) {
    buildTestClient();
    load = await startServerProcess(players, lowPriority, autoBet);
    origin = load.origin;
  }
  const initialJs = initialJsGzipKib(TEST_DIST);
  const browser = await openBrowser({ phone: true });
  const { page } = browser;
  try {
    await page.addInitScript(PROBE);
    // First the stage on the main thread (?stage=page, the fallback where a worker cannot draw
    // WebGL), where it competes with the HUD: the worst case. Then a player's usual page, the
    // stage in its worker (docs/stage.md "Where it runs").
    const ready = await openStage(page, `${origin}/?stage=page`);
    console.log(
      `moonrush frame benchmark: ${origin}, 360x640 @2x with the HUD, renderer ${ready.renderer}, ${load ? `${players * 2} bets a round` : 'no bet load'}${load ? `, server and load at ${lowPriority ? 'nice 19' : 'the same priority'}` : ''}`,
    );
    console.log(`load: ${(await uptimeLoad()).join(' ')} (1, 5, 15 min)`);
    if (autoBet) {
      if (!load?.pageEmail) throw new Error("--auto-bet needs the benchmark's own server (not --url)");
      await signInByEmail(page, load.pageEmail);
      await startAutoBets(page);
      console.log('auto-bet: a run going in both panels');
    }
    let cdp = await page.context().newCDPSession(page);
    const heapStart = await heapMb(page);
    let heapEnd = heapStart;
    const verdicts: string[] = [];
    console.log(
      'path    throttle  frames  stage work p50   p95   p99 (ms)  main-thread frame work p50   p95 (ms)  gaps>33ms  long tasks (all / flying)  quality  commits/s flying  bets placed',
    );
    let path: StagePath = 'page';
    for (const level of LEVELS) {
      const { throttle, rounds } = level;
      if (level.path !== path) {
        heapEnd = await heapMb(page);
        if (autoBet) verdicts.push(await autoBetVerdict(page));
        path = level.path;
        await openStage(page, `${origin}/`);
        cdp = await page.context().newCDPSession(page);
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await page.evaluate(async () => {
        const hooks = window.__moonrush;
        // A build from before the meter hook (a before/after comparison) has the page path's runner only.
        await (hooks?.meter ? hooks.meter() : hooks?.runner?.meter.drain());
        const bench = (window as unknown as BenchWindow).__bench;
        bench.longTasks.length = 0;
        bench.phases.length = 0;
        bench.frameWork.length = 0;
      });
      process.stdout.write(`${path} ${throttle}x `);
      await playRounds(page, rounds);
      const result = await page.evaluate(async () => {
        const bench = (window as unknown as BenchWindow).__bench;
        const hooks = window.__moonrush;
        const runner = hooks?.runner;
        return {
          reading: hooks?.meter
            ? await hooks.meter()
            : runner && { ...runner.meter.drain(), level: runner.quality.level },
          longTasks: bench.longTasks,
          phases: bench.phases,
          frameWork: bench.frameWork,
        };
      });
      const work = [...(result.reading?.work ?? [])].sort((a, b) => a - b);
      const frameWork = [...result.frameWork].sort((a, b) => a - b);
      const gaps = result.reading?.gaps ?? [];
      const slow = gaps.filter((gap) => gap > 33).length / Math.max(1, gaps.length);
      const flyingLong = result.longTasks.filter(([start, duration]) =>
        flyingAt(result.phases, start, start + duration),
      );
      const [p50, p95, p99] = [0.5, 0.95, 0.99].map((p) => percentile(work, p));
      const [main50, main95] = [0.5, 0.95].map((p) => percentile(frameWork, p));
      const commits = commitsPerFlyingSecond(result.phases);
      console.log(
        `\n${path.padEnd(7)} ${`${throttle}x`.padEnd(9)} ${String(work.length).padStart(6)}  ${p50!.toFixed(2).padStart(14)} ${p95!.toFixed(2).padStart(5)} ${p99!.toFixed(2).padStart(5)}       ${main50!.toFixed(2).padStart(22)} ${main95!.toFixed(2).padStart(5)}       ${(slow * 100).toFixed(1).padStart(5)} %   ${String(result.longTasks.length).padStart(10)} / ${flyingLong.length}              ${result.reading?.level ?? '-'}        ${commits.toFixed(2).padStart(6)}        ${load?.lastRound() ?? '-'}`,
      );
      if (path === 'page' && TARGET.throttles.includes(throttle))
        verdicts.push(
          `page path ${throttle}x stage work p95 ${p95!.toFixed(2)} ms (target <= ${TARGET.workP95Ms}): ${p95! <= TARGET.workP95Ms ? 'ok' : 'MISSED'}`,
        );
      if (path === 'page' && throttle === TARGET.throttles[0]) {
        verdicts.push(
          `page path 4x long tasks while flying: ${flyingLong.length} (target 0): ${flyingLong.length === 0 ? 'ok' : 'MISSED'}`,
        );
        verdicts.push(
          `React commits while flying ${commits.toFixed(2)}/s (target <= ${TARGET.commitsPerSecond}): ${commits <= TARGET.commitsPerSecond ? 'ok' : 'MISSED'}`,
        );
      }
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const growth = heapEnd - heapStart;
    console.log(
      `JS heap: ${heapStart.toFixed(2)} MB at the start, ${heapEnd.toFixed(2)} MB after the page path's rounds (${growth >= 0 ? '+' : ''}${growth.toFixed(2)} MB)`,
    );
    verdicts.push(
      `heap growth ${growth.toFixed(2)} MB (target < ${TARGET.heapGrowthMb}): ${growth < TARGET.heapGrowthMb ? 'ok' : 'MISSED'}`,
    );
    verdicts.push(
      `initial JS ${initialJs.toFixed(1)} KiB gzip (target <= ${TARGET.initialJsKib}): ${initialJs <= TARGET.initialJsKib ? 'ok' : 'MISSED'}`,
    );
    console.log(`load: ${(await uptimeLoad()).join(' ')} (1, 5, 15 min)`);
    console.log(verdicts.join('; '));
    if (verdicts.some((verdict) => verdict.endsWith('MISSED'))) process.exitCode = 1;
  } finally {
    await browser.close();
    await load?.stop();
  }
}

/** Page loads timed for each path's start (the last one stays open for its rounds). */
const STARTS = 3;

/**
 * Opens the page at `url` STARTS times at CPU throttle START_THROTTLE and waits each time for its
 * stage to draw with WebGL; prints how long after the navigation the stage was ready (the page's
 * clock, polled every 25 ms).
 */
async function openStage(page: Page, url: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: START_THROTTLE });
  const startsMs: number[] = [];
  let ready: Awaited<ReturnType<typeof waitForStage>> | undefined;
  for (let start = 0; start < STARTS; start += 1) {
    await page.goto(url);
    ready = await waitForStage(page, (probe) => probe.ready, 60_000);
    if (ready.renderer !== 'webgl') throw new Error(`Expected the WebGL renderer, got ${ready.renderer}`);
    startsMs.push(await page.evaluate(() => (window as unknown as BenchWindow).__bench.readyAt ?? Number.NaN));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  const sorted = [...startsMs].sort((a, b) => a - b);
  console.log(
    `${url.includes('stage=page') ? 'page' : 'worker'} path: stage ready ${startsMs.map((ms) => ms.toFixed(0)).join(', ')} ms after navigation at ${START_THROTTLE}x (median ${percentile(sorted, 0.5).toFixed(0)})`,
  );
  return ready!;
}

/** How far each panel's auto-bet run got on the page path; a miss unless both still run. */
async function autoBetVerdict(page: Page): Promise<string> {
  const runs = await autoRuns(page);
  console.log(`\nauto-bet runs: ${runs.map((run, index) => `panel ${index + 1}: ${run}`).join('; ')}`);
  const going = runs.every((run) => run.endsWith('running'));
  return `auto-bet runs going in both panels to the end: ${going ? 'ok' : 'MISSED'}`;
}

/** React commits per second of flight: the commits between entering and leaving 'flying', over the time flown. */
function commitsPerFlyingSecond(phases: Phase[]): number {
  let commits = 0;
  let ms = 0;
  for (let index = 0; index + 1 < phases.length; index += 1) {
    const [from, phase, before] = phases[index]!;
    const [to, , after] = phases[index + 1]!;
    if (phase !== 'flying') continue;
    commits += after - before;
    ms += to - from;
  }
  return ms === 0 ? 0 : (commits * 1000) / ms;
}

/** Whether the stage was flying at any instant in [start, end] (page clock). */
function flyingAt(phases: Phase[], start: number, end: number): boolean {
  for (let index = 0; index < phases.length; index += 1) {
    const [from, phase] = phases[index]!;
    const to = phases[index + 1]?.[0] ?? Number.POSITIVE_INFINITY;
    if (phase === 'flying' && from < end && to > start) return true;
  }
  return false;
}

await main();
