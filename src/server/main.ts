/** `npm start`: builds the client when no build is present, then runs the game server. */

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from './config';
import { createServer } from './app';

const config = loadConfig();

if (config.staticDir && !existsSync(resolve(config.staticDir, 'index.html'))) {
  console.log('No client build found: building it once (npm run build)...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await createServer(config);
const url = await server.listen();
server.app.log.info(`moonrush is running at ${url.replace('127.0.0.1', 'localhost')}`);

/** What a stop does to the game, as this process's role and lead make it. */
function shutdownNote(): string {
  if (config.role === 'gateway') return 'a gateway runs no rounds: its players reconnect through another gateway';
  if (!server.services.leadership.leading) return 'this engine stands by: no round of its own to stop';
  return 'the round in progress is voided and refunded';
}

/** A shutdown that hangs (a socket that never closes) still ends the process after this. */
const SHUTDOWN_TIMEOUT_MS = 15_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      server.app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    server.app.log.info(`${signal}: shutting down (${shutdownNote()})`);
    setTimeout(() => {
      server.app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
