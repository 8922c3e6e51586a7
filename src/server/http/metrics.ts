/** GET /metrics and the HTTP request timer that feeds it. */

import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics';
import { HttpError, unauthorized } from './errors';
import { unmetered } from './rateLimits';

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

/**
 * GET /metrics in the Prometheus text format, for the operator only: with `token` set, a request
 * must carry it as its Bearer token; without, it must come straight from this machine (loopback,
 * and no proxy's forwarding header, since a proxy on this machine would make everyone loopback).
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined) {
  return async (app: FastifyInstance): Promise<void> => {
    const budget = unmetered('the operator only: METRICS_TOKEN or this machine');
    app.get('/metrics', { onRequest: budget }, async (request, reply) => {
      if (token !== undefined) {
        if (!sameText(request.headers.authorization ?? '', `Bearer ${token}`))
          throw unauthorized('The metrics need the operator token (METRICS_TOKEN)');
      } else if (!fromThisMachine(request)) {
        throw new HttpError(403, 'The metrics are served on this machine only unless METRICS_TOKEN is set');
      }
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
}

/** Compares secrets in constant time. */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A loopback peer that no proxy forwarded for. */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const loopback =
    peer === '::1' || (isIP(peer.replace(/^::ffff:/, '')) === 4 && peer.replace(/^::ffff:/, '').startsWith('127.'));
  return loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}
