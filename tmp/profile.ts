import { writeFileSync } from 'node:fs';
import { startServer } from '../tests/server/harness';
import { openBrowser, waitForStage } from '../tests/e2e/browser';
import { TEST_DIST } from '../tests/e2e/buildClient';
import { startBetLoad } from '../tests/bench/betLoad';

const server = await startServer({ STATIC_DIR: TEST_DIST, BETTING_MS: '3000', PAUSE_MS: '500', TICK_MS: '100' });
const origin = server.api.replace('/api/v1', '');
const load = await startBetLoad(server, Number(process.env.PLAYERS ?? 110));
const browser = await openBrowser({ phone: true });
const { page } = browser;
await page.goto(origin);
await waitForStage(page, (p) => p.ready, 60_000);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
for (let i = 0; i < 2; i++) {
  const f = await waitForStage(page, (p) => p.phase === 'flying', 180_000);
  await waitForStage(page, (p) => p.phase !== 'flying' || p.gameId !== f.gameId, 180_000);
}
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
for (let i = 0; i < 3; i++) {
  const f = await waitForStage(page, (p) => p.phase === 'flying', 180_000);
  await waitForStage(page, (p) => p.phase !== 'flying' || p.gameId !== f.gameId, 180_000);
}
const { profile } = await cdp.send('Profiler.stop');
writeFileSync(process.env.OUT ?? '/tmp/page.cpuprofile', JSON.stringify(profile));
load.stop();
await browser.close();
await server.close();
process.exit(0);
