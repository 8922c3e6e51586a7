import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from './serverProcess';

describe('npm start', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // A fresh build: one left from older sources would prove nothing.
    execFileSync('npm', ['run', 'build:server'], { stdio: 'pipe' });
    server = await spawnServer({ DATA_DIR: 'memory://' }, 150_000, ['scripts/start.mjs']);
  });
  afterAll(async () => {
    server?.signal('SIGTERM');
    await server?.exited;
  });

  it('runs the built server with plain Node: it migrates its database and flies rounds', async () => {
    expect(
      execFileSync('ps', ['-o', 'args=', '-p', String(server.pid)])
        .toString()
        .trim(),
    ).toBe(`${process.execPath} scripts/start.mjs`);
    await expect
      .poll(async () => (await fetch(`${server.api}/game/info`)).status, { timeout: 30_000, interval: 100 })
      .toBe(200);
    const last = (await (await fetch(`${server.api}/game/last`)).json()) as { data: unknown[] };
    expect(Array.isArray(last.data)).toBe(true);
  });
});
