import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readiness } from '../../shared/wire/health';
import type { Services } from '../services';
import { addressLimit, unmetered } from './rateLimits';
import { route } from './route';
import { TtlCache } from './TtlCache';

/** How long the readiness check waits for the database. */
const READY_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness for load balancers and orchestrators. /health answers while the process
 * runs (restart it when it does not); /ready answers 200 only while this process can serve players
 * (its database answers and, in cluster mode, Redis is connected), else 503: take it out of rotation.
 * /ready is limited per address (RATE_LIMIT_PUBLIC_IP a minute, above any orchestrator's probing).
 */
export function healthRoutes(services: Services) {
  const { database, bus, config, leadership } = services;
  // Anyone can reach /ready: the database is asked at most once per PUBLIC_CACHE_MS however many ask.
  const databaseCheck = new TtlCache<boolean>(config.publicCacheMs);
  const probeDatabase = () =>
    Promise.race([
      database.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref()),
    ]);
  return async (app: FastifyInstance): Promise<void> => {
    // A constant answer: load balancers probe it, and the capacity guard never sheds it.
    route(app, 'GET /health', unmetered('a constant answer'), async () => ({ status: 'ok' as const }));
    const preHandler = addressLimit(app, 'ready', config.rateLimits.publicPerIp);
    // Not in the route table: its answer is the envelope with success false (503) when not ready.
    const schema = { response: { 200: readiness, 503: readiness } };
    app.get('/ready', { preHandler, schema }, async (_request, reply) => {
      const databaseUp = await databaseCheck.get('database', probeDatabase);
      const ready = databaseUp && bus.connected;
      const data = {
        status: ready ? ('ready' as const) : ('not ready' as const),
        database: databaseUp,
        bus: bus.connected,
        role: config.role,
        leading: leadership.leading,
      };
      if (!ready) reply.status(503);
      return { success: ready, data };
    });
  };
}
