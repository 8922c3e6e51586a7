/**
 * A throwaway Redis on loopback for cluster tests: `redis-server` on a free port, nothing saved to
 * disk, stopped (and restartable on the same port) by the test.
 */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort, waitForPort } from './freePort';

/** False when redis-server is not installed (CI installs Debian's `redis-server`). */
export const redisAvailable = spawnSync('redis-server', ['--version']).status === 0;

export interface RedisServer {
  url: string;
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const exited = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitForPort(port);
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited();
    },
    async stop() {
      child?.kill('SIGTERM');
      await exited();
    },
  };
  await server.start();
  return server;
}
