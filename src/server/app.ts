/** Composes the game server: database, bus, HTTP routes under /api/v1 and the built client. */

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { API_BASE } from '../shared/constants';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { EventBus } from './bus/EventBus';
import { LocalBus } from './bus/LocalBus';
import { installErrorHandlers } from './http/errors';
import { healthRoutes } from './http/health';
import { loadJwtSecret } from './auth/jwtSecret';
import { Tokens } from './auth/Tokens';
import { authRoutes } from './http/auth';
import { userRoutes } from './http/user';
import { betRoutes } from './http/bet';
import { BetSettler } from './ledger/BetSettler';

/** What domain code and routes share; built once per process. */
export interface Services {
  config: Config;
  database: Database;
  bus: EventBus;
  tokens: Tokens;
  /** Settles auto cash-outs and voided rounds; the round engine calls it. */
  settler: BetSettler;
}

export interface GameServer {
  app: FastifyInstance;
  services: Services;
  /** Listens on config.port (0 picks a free port) and returns the base URL. */
  listen(): Promise<string>;
  /** Stops taking bets, closes sockets, then the database. Safe to call twice. */
  close(): Promise<void>;
}

export async function createServer(config: Config): Promise<GameServer> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 16 * 1024,
    trustProxy: true,
    logController: new LogController({ disableRequestLogging: true }),
  });
  const database = await openDatabase(config);
  const bus: EventBus = new LocalBus();
  const tokens = new Tokens(database.db, loadJwtSecret(config));
  const services: Services = { config, database, bus, tokens, settler: new BetSettler(database.db, bus) };
  app.decorate('tokens', tokens);
  // onClose hooks run in reverse order: the database closes last.
  app.addHook('onClose', async () => {
    await bus.close();
    await database.close();
  });

  installErrorHandlers(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes(services));
      await api.register(userRoutes(services));
      await api.register(betRoutes(services));
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ success: false, errorMessage: 'Not found' }));
    },
    { prefix: API_BASE },
  );
  serveClient(app, config);

  let closing: Promise<void> | undefined;
  return {
    app,
    services,
    async listen() {
      return app.listen({ port: config.port, host: config.host });
    },
    close() {
      closing ??= app.close();
      return closing;
    },
  };
}

/** Serves the built client, with index.html for any other GET so the page loads on any path. */
function serveClient(app: FastifyInstance, config: Config): void {
  const root = config.staticDir ? resolve(config.staticDir) : null;
  if (!root || !existsSync(resolve(root, 'index.html'))) return;
  app.register(fastifyStatic, { root, wildcard: false, maxAge: '1h', immutable: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET') return reply.status(404).send({ success: false, errorMessage: 'Not found' });
    return reply.sendFile('index.html', { maxAge: 0 });
  });
}
