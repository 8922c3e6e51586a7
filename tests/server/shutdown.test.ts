import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/database';
import { rounds } from '../../src/server/db/schema';
import { DESTINATIONS } from '../../src/shared/protocol';
import { openRaw, waitUntil } from './stompClient';
import { freePort } from './freePort';
import { logStdio } from '../suiteLogs';

describe('graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moonrush-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // A server started from its sources (up to 60 s, below) and stopped.
  it('on SIGTERM voids the open round, closes STOMP with 1001 and the database cleanly, and exits 0', async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      BETTING_MS: '60000',
      SEED_CHAIN_LENGTH: '1000',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: logStdio() });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let up = false;
      const deadline = Date.now() + 60_000;
      while (!up && Date.now() < deadline) {
        up = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(up).toBe(true);
      const client = await openRaw(`ws://127.0.0.1:${port}/api/v1/ws/init`);
      client.ws.send(`CONNECT\naccept-version:1.2\n\n\0SUBSCRIBE\nid:0\ndestination:${DESTINATIONS.game}\n\n\0`);
      await waitUntil(() => client.text().includes('GAME_CREATED'), 5000, 'the round in its betting window');
      child.kill('SIGTERM');
      expect(await client.closed).toBe(1001);
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    const database = await openDatabase({ dataDir });
    try {
      const states = (await database.db.select({ state: rounds.state }).from(rounds)).map((r) => r.state);
      expect(states).toEqual(['VOID']);
    } finally {
      await database.close();
    }
  }, 120_000);
});
