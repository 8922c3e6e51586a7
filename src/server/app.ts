/** Composes the game server: database, bus, HTTP routes under /api/v1 and the built client. */

import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { API_BASE } from '../shared/constants';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { EventBus } from './bus/EventBus';
import { LocalBus } from './bus/LocalBus';
import { installErrorHandlers } from './http/errors';
import { healthRoutes } from './http/health';
import { gameRoutes } from './http/game';
import { createMetrics, metricsRoutes, timeRequests, type Metrics } from './metrics';
import { RoundEngine } from './game/RoundEngine';
import { RoundSnapshot } from './game/RoundSnapshot';
import { StompServer } from './stomp/StompServer';
import { LastMessage, type Retainer } from './stomp/Retainer';
import { DESTINATIONS } from '../shared/protocol';
import type { RoundSecret } from '../shared/fairness';
import { loadJwtSecret } from './auth/jwtSecret';
import { Tokens } from './auth/Tokens';
import { authRoutes } from './http/auth';
import { userRoutes } from './http/user';
import { betRoutes } from './http/bet';
import { BetSettler } from './ledger/BetSettler';
import type { Chain } from './chain/Chain';
import { createChain } from './chain/createChain';
import type { PaymentContext } from './payments/PaymentContext';
import { PaymentWorker } from './payments/PaymentWorker';
import { paymentRoutes } from './http/payment';
import { serveClient } from './http/staticClient';

/** What domain code and routes share; built once per process. */
export interface Services {
  config: Config;
  database: Database;
  bus: EventBus;
  metrics: Metrics;
  /** Runs the rounds (not in a gateway process); the ledger adds its RoundListener here. */
  engine: RoundEngine;
  stomp: StompServer;
  tokens: Tokens;
  /** Settles auto cash-outs and voided rounds; the round engine calls it. */
  settler: BetSettler;
  chain: Chain;
  payments: PaymentContext;
  paymentWorker: PaymentWorker;
}

/** How often open deposits and withdrawals are looked at on the chain. */
const PAYMENT_POLL_MS = 1000;

export interface GameServer {
  app: FastifyInstance;
  services: Services;
  /** Listens on config.port (0 picks a free port) and returns the base URL. */
  listen(): Promise<string>;
  /** Stops taking bets, closes sockets, then the database. Safe to call twice. */
  close(): Promise<void>;
}

/** What tests may replace; a real server passes nothing. */
export interface ServerOptions {
  /** Where crash points come from (default: the CSPRNG); tests fix them to keep rounds short. */
  roundSecrets?: () => Promise<RoundSecret>;
  /** The chain to use instead of one built from config (tests keep one chain across restarts). */
  chain?: Chain;
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<GameServer> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 16 * 1024,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
  });
  const database = await openDatabase(config);
  const bus: EventBus = new LocalBus();
  const metrics = createMetrics();
  const { bettingMs, pauseMs, tickMs } = config;
  const engine = new RoundEngine({
    ...{ db: database.db, bus, log: app.log, metrics, bettingMs, pauseMs, tickMs },
    secrets: options.roundSecrets,
  });
  const retainers = new Map<string, Retainer>([
    [DESTINATIONS.game, new RoundSnapshot()],
    [DESTINATIONS.online, new LastMessage()],
  ]);
  const stomp = new StompServer({ bus, metrics, heartbeatMs: config.heartbeatMs, retainers });
  stomp.attach(app.server);
  const tokens = new Tokens(database.db, loadJwtSecret(config));
  const settler = new BetSettler(database.db, { bus, metrics });
  engine.addListener(settler);
  app.decorate('tokens', tokens);
  const chain = options.chain ?? createChain(config);
  const payments: PaymentContext = { db: database.db, chain, coinsPerSol: config.coinsPerSol, log: app.log };
  const paymentWorker = new PaymentWorker(payments, PAYMENT_POLL_MS);
  const services: Services = {
    ...{ config, database, bus, metrics, engine, stomp, tokens, settler },
    ...{ chain, payments, paymentWorker },
  };
  // Shutdown: stop the rounds (no more bets), close the sockets, then HTTP, the bus and the database.
  app.addHook('preClose', async () => {
    await engine.stop();
    await stomp.close();
  });
  // onClose hooks run in reverse order: the database closes last.
  app.addHook('onClose', async () => {
    await paymentWorker.stop();
    await bus.close();
    await database.close();
  });

  installErrorHandlers(app);
  timeRequests(app, metrics);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(metricsRoutes(metrics));
      await api.register(gameRoutes(services));
      await api.register(authRoutes(services));
      await api.register(userRoutes(services));
      await api.register(betRoutes(services));
      await api.register(paymentRoutes(services));
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ success: false, errorMessage: 'Not found' }));
    },
    { prefix: API_BASE },
  );
  serveClient(app, config.staticDir);

  let closing: Promise<void> | undefined;
  return {
    app,
    services,
    async listen() {
      const url = await app.listen({ port: config.port, host: config.host });
      if (config.role !== 'gateway') await engine.start();
      paymentWorker.start();
      return url;
    },
    close() {
      closing ??= app.close();
      return closing;
    },
  };
}
