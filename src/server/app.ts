/** Composes the game server: the services, HTTP routes under /api/v1, STOMP and the built client. */

import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { API_BASE } from '../shared/constants';
import type { Config } from './config';
import { createServices, type ServiceOptions, type Services } from './services';
import { loggerOptions } from './log';
import type { EventBus } from './bus/EventBus';
import { RedisBus } from './bus/RedisBus';
import { trustProxyFn } from './clientAddress';
import { capConnections } from './http/connectionCap';
import { guardCapacity } from './http/capacity';
import { watchBudgets, type RouteBudget } from './http/rateLimits';
import { installErrorHandlers } from './http/errors';
import { refuseNulBytes } from './http/nulBytes';
import { installWireCompilers } from './http/route';
import { healthRoutes } from './http/health';
import { metricsRoutes, timeRequests } from './http/metrics';
import { gameRoutes } from './http/game';
import { roundsRoutes } from './http/rounds';
import { authRoutes } from './http/auth';
import { userRoutes } from './http/user';
import { betRoutes } from './http/bet';
import { paymentRoutes } from './http/payment';
import { chatRoutes } from './chat/routes';
import { purgeChat } from './chat/moderation';
import { serveClient } from './http/staticClient';
import { securityHeaders } from './http/securityHeaders';
import { fundLocalHouse } from './payments/houseFloat';
import { purgePasswordFailures } from './auth/passwordSignIn';
import { opsRoutes } from './ops/routes';
import { OpsFeed } from './ops/OpsFeed';
import { purgeOpsSessions } from './ops/sessions';
import { ClusterErrors, ErrorCount } from './ops/ErrorCount';

/** API answers at least this large are compressed (smaller ones gain less than the headers cost). */
const COMPRESS_ABOVE_BYTES = 1024;

/** How often expired refresh tokens and operator sessions, day-old counts of wrong passwords and chat past its retention are deleted. */
const PURGE_EVERY_MS = 3600_000;

export interface GameServer {
  app: FastifyInstance;
  services: Services;
  /** Every route with the budgets it is limited by (a test fails on a route without one). */
  budgets(): RouteBudget[];
  /** Listens on config.port (0 picks a free port) and returns the base URL. */
  listen(): Promise<string>;
  /** Stops taking bets, closes sockets, then the database. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * In cluster mode the rate limits are counted in Redis, so a player gets the same limit whichever
 * gateway answers. While Redis is away requests are let through rather than refused.
 */
function sharedLimits(bus: EventBus) {
  if (!(bus instanceof RedisBus)) return {};
  return { redis: bus.duplicate('moonrush-rate-limits'), nameSpace: 'moonrush:rate:', skipOnError: true };
}

/** Parts a test or a benchmark replaces. */
export interface ServerOptions extends ServiceOptions {
  /** Where log lines go instead of stdout (each test server's go to a file the suite's last check reads). */
  logStream?: { write(line: string): void };
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<GameServer> {
  // The console shows how many errors were logged in the last hour: this process counts its own.
  const errors = new ErrorCount();
  const app = Fastify({
    logger: loggerOptions(config.logLevel, () => errors.add(), options.logStream),
    bodyLimit: 16 * 1024,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
    // A slow client cannot hold a socket: its headers must arrive within headersTimeoutMs and the
    // whole request within requestTimeoutMs, checked every second (Node checks every 30 s by default).
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
  });
  const services = await createServices(config, app.log, options);
  const { database, bus, metrics, engine, leadership, stomp, tokens, paymentWorker } = services;
  stomp.attach(app.server);
  // ...and every process's, summed over the bus.
  const clusterErrors = new ClusterErrors(bus, errors);
  const overCap = capConnections(app.server, config.http.connectionsPerAddress, trustProxyFn(config.trustProxy));
  const budgets = watchBudgets(app);
  app.decorate('tokens', tokens);
  const opsFeed = new OpsFeed(
    stomp,
    {
      ...{ db: database.db, payments: services.payments, now: () => services.clock.now() },
      playersOnline: () => stomp.onlineEverywhere,
      errorsLastHour: () => clusterErrors.lastHour(),
    },
    app.log,
  );
  // Shutdown: stop the rounds (no more bets), close the sockets, then HTTP, the bus and the database.
  app.addHook('preClose', async () => {
    services.seeds.close();
    await opsFeed.stop();
    clusterErrors.stop();
    await leadership.stop();
    await stomp.close();
  });
  // onClose hooks run in reverse order: the database closes last.
  app.addHook('onClose', async () => {
    await paymentWorker.stop();
    await bus.close();
    services.clock.stop();
    await database.close();
  });

  installErrorHandlers(app);
  refuseNulBytes(app);
  guardCapacity(app, config.http, overCap);
  installWireCompilers(app);
  timeRequests(app, metrics);
  securityHeaders(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false, ...sharedLimits(bus) });
  await app.register(
    async (api) => {
      // Brotli at quality 4 compresses JSON about as well as gzip's best in a fraction of its time;
      // request bodies are never inflated (a small compressed body could expand past bodyLimit).
      await api.register(fastifyCompress, {
        threshold: COMPRESS_ABOVE_BYTES,
        globalDecompression: false,
        brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
      });
      await api.register(healthRoutes(services));
      await api.register(metricsRoutes(metrics, config.metricsToken));
      await api.register(gameRoutes(services));
      await api.register(roundsRoutes(services));
      await api.register(authRoutes(services));
      await api.register(userRoutes(services));
      await api.register(betRoutes(services));
      await api.register(paymentRoutes(services));
      await api.register(chatRoutes(services));
      await api.register(opsRoutes(services, opsFeed, clusterErrors));
      api.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ success: false, errorMessage: 'Not found' }),
      );
    },
    { prefix: API_BASE },
  );
  serveClient(app, config.staticDir);

  let closing: Promise<void> | undefined;
  let purge: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => clearInterval(purge));
  return {
    app,
    services,
    budgets,
    async listen() {
      await bus.ready();
      // Before the first request: the in-memory local chain starts empty at every start.
      await fundLocalHouse(services.payments, config.localHouseSol);
      purge ??= setInterval(() => {
        const purges = [
          ...[tokens.purgeExpired(), purgePasswordFailures(database.db), purgeOpsSessions(database.db)],
          purgeChat(database.db, config.chat.retentionDays, Date.now()),
        ];
        Promise.all(purges).catch((error: unknown) =>
          app.log.error({ err: error }, 'purging refresh tokens and password failures failed'),
        );
      }, PURGE_EVERY_MS).unref();
      // Before players connect: the maintenance notice is retained for them from the first socket.
      await opsFeed.start();
      const url = await app.listen({ port: config.port, host: config.host });
      // An engine runs the rounds while it leads; a standby waits for the lead.
      if (config.role !== 'gateway') await leadership.start(engine);
      paymentWorker.start();
      return url;
    },
    close() {
      closing ??= app.close();
      return closing;
    },
  };
}
