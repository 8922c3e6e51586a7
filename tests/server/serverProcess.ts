/** The real game server as a child process (`src/server/main.ts`), for tests that kill, pause and restart it. */

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort';
import { logSink } from '../suiteLogs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:PORT/api/v1 */
  api: string;
  /** ws://127.0.0.1:PORT/api/v1/ws/init */
  ws: string;
  /** Its log lines so far. */
  logs: string[];
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** The settings every test server shares: loopback, no client build, short rounds, no rate limits in the way. */
const TEST_ENV = {
  HOST: '127.0.0.1',
  STATIC_DIR: '',
  LOG_LEVEL: 'info',
  BETTING_MS: '1500',
  PAUSE_MS: '300',
  TICK_MS: '100',
  SEED_CHAIN_LENGTH: '1000',
  RATE_LIMIT_AUTH_IP: '100000',
  RATE_LIMIT_AUTH_LOGIN: '100000',
  RATE_LIMIT_BET_IP: '100000',
  RATE_LIMIT_BET_ACCOUNT: '100000',
  HTTP_MAX_PER_ADDRESS: '100000',
  HTTP_ANONYMOUS_PER_ADDRESS: '100000',
};

/** The server's program from its sources, as `npm run dev` runs it. */
const FROM_SOURCES = ['--import', 'tsx', 'src/server/main.ts'];

/**
 * The same server with fixed crash points (tests/bench/bettingServer.ts: CRASH_RATE, one rate or a
 * list taken in turn): for tests that wait for a flight of some length, which a random crash point
 * from the seed chain may make last minutes.
 */
export const FIXED_CRASH_POINTS = ['--import', 'tsx', 'tests/bench/bettingServer.ts'];

/**
 * Starts the server's program (`node` with these arguments) with these settings and resolves once
 * /health answers (or fails after `timeoutMs`).
 */
export async function spawnServer(
  env: Record<string, string>,
  timeoutMs = 150_000,
  program = FROM_SOURCES,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, program, {
    cwd: root,
    env: { ...process.env, ...TEST_ENV, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const file = logSink('child');
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      file?.write(chunk.toString());
      logs.push(...chunk.toString().split('\n').filter(Boolean));
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve(file?.close())));
  const api = `http://127.0.0.1:${port}/api/v1`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${logs.join('\n')}`);
    const up = await fetch(`${api}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /health in ${timeoutMs} ms:\n${logs.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    pid: child.pid!,
    api,
    ws: `ws://127.0.0.1:${port}/api/v1/ws/init`,
    logs,
    signal: (signal) => child.kill(signal),
    exited,
  };
}
