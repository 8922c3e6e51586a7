/**
 * The game server as `bench:betting` and `bench:soak` run it, and the tests that need flights of a
 * known length (tests/server/serverProcess.ts FIXED_CRASH_POINTS): `npm start`'s server from the
 * environment's settings, with fixed crash points (CRASH_RATE, one rate or a comma-separated list
 * taken in turn) so every round flies as long as the load or the test expects. SIGTERM shuts it
 * down as main.ts does (the round in progress is voided and refunded).
 */

import { createServer } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { fixedCrashPoints } from '../server/crashPoints';

const server = await createServer(loadConfig(), {
  roundSecrets: fixedCrashPoints(String(process.env.CRASH_RATE).split(',').map(Number)),
});
await server.listen();
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
