/** Starts the real game server in-process on a free loopback port with an in-memory database. */

import { loadConfig, type Config } from '../../src/server/config';
import { createServer, type GameServer, type ServerOptions } from '../../src/server/app';
import { IN_MEMORY } from '../../src/server/db/client';
import { logSink } from '../suiteLogs';
import { databaseImage } from './databaseImage';

export interface TestServer {
  server: GameServer;
  config: Config;
  /** http://127.0.0.1:PORT/api/v1 */
  api: string;
  /** ws://127.0.0.1:PORT/api/v1/ws/init */
  ws: string;
  close(): Promise<void>;
}

/**
 * Settings are environment-style strings, as an operator would give them; options replace built parts.
 * In a suite run the server logs at info into a file of the run's log folder, which the run's last
 * step reads for secrets (tests/suiteLogs.ts); elsewhere it logs warnings to stdout.
 */
export async function startServer(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<TestServer> {
  const logs = logSink('server');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: IN_MEMORY,
    STATIC_DIR: '',
    LOG_LEVEL: logs ? 'info' : 'warn',
    BETTING_MS: '300',
    PAUSE_MS: '100',
    TICK_MS: '50',
    SEED_CHAIN_LENGTH: '1000',
    RATE_LIMIT_AUTH_IP: '100000',
    RATE_LIMIT_AUTH_LOGIN: '100000',
    RATE_LIMIT_BET_IP: '100000',
    RATE_LIMIT_BET_ACCOUNT: '100000',
    RATE_LIMIT_PAYMENT_IP: '100000',
    RATE_LIMIT_PAYMENT_ACCOUNT: '100000',
    RATE_LIMIT_PUBLIC_IP: '100000',
    RATE_LIMIT_ACCOUNT: '100000',
    HTTP_MAX_PER_ADDRESS: '100000',
    HTTP_ANONYMOUS_PER_ADDRESS: '100000',
    // A test's own work on this event loop (building transactions, hashing) must not shed its calls.
    HTTP_SHED_LAG_MS: '100000',
    PASSWORD_HASH_QUEUE: '100000',
    // Tests read what they just changed; the cache has tests of its own.
    PUBLIC_CACHE_MS: '0',
    ...env,
  });
  // An in-memory database starts from the suite's migrated image rather than empty.
  const image = config.dataDir === IN_MEMORY && !config.databaseUrl ? databaseImage() : undefined;
  const server = await createServer(config, { logStream: logs, databaseImage: image, ...options });
  server.app.addHook('onClose', async () => logs?.close());
  const url = await server.listen();
  return {
    server,
    config,
    api: `${url}/api/v1`,
    ws: `${url.replace('http', 'ws')}/api/v1/ws/init`,
    close: () => server.close(),
  };
}
