import type { FastifyInstance } from 'fastify';

/** Liveness for load balancers: answers while the process can serve. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ success: true, data: { status: 'ok' } }));
}
