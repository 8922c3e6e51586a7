/** GET /metrics and the HTTP request timer that feeds it. */

import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics';

/** Times every HTTP request by its route pattern (unknown paths share one label). */
export function timeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpSeconds.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

/** GET /metrics in the Prometheus text format. */
export function metricsRoutes(metrics: Metrics) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/metrics', async (_request, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
}
