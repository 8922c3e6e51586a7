/**
 * The game server as `bench:betting` and `bench:soak` run it: `npm start`'s server from the environment's
 * settings, with one fixed crash point (CRASH_RATE) so every round flies as long as the load
 * expects. SIGTERM shuts it down as main.ts does (the round in progress is voided and refunded).
 */

import { createServer } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { fixedCrashPoints } from '../server/crashPoints';

const server = await createServer(loadConfig(), { roundSecrets: fixedCrashPoints([Number(process.env.CRASH_RATE)]) });
await server.listen();
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
