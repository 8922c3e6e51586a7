import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

/** How long the readiness check waits for the database. */
const READY_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness for load balancers and orchestrators. /health answers while the process
 * runs (restart it when it does not); /ready answers 200 only while this process can serve players
 * (its database answers and, in cluster mode, Redis is connected), else 503: take it out of rotation.
 */
export function healthRoutes(services: Services) {
  const { database, bus, config, leadership } = services;
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/health', async () => ({ success: true, data: { status: 'ok' } }));
    app.get('/ready', async (_request, reply) => {
      const databaseUp = await Promise.race([
        database.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref()),
      ]);
      const ready = databaseUp && bus.connected;
      const data = {
        status: ready ? 'ready' : 'not ready',
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
