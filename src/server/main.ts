/**
 * The game server's program: `npm start` runs its build (dist-server/main.js, made by
 * scripts/build-server.mjs), `npm run dev` and the tests run it through the tsx loader.
 */

import { loadConfig } from './config';
import { createServer } from './app';

const config = loadConfig();

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
