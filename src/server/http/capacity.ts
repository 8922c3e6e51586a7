/**
 * The server's capacity, guarded ahead of every route (docs/operations.md "Admission"). Requests of
 * signed-in players (a well-signed access token, read without the database: a cash-out's arrival
 * is stamped after this), operators' console calls, the health probes and the page's own files
 * are never shed here: a player's bets, cash-outs and reads are limited per account only. API
 * requests without a token are shed first, with an honest 503 and Retry-After, never a closed connection:
 * - a connection over HTTP_MAX_PER_ADDRESS (connectionCap.ts) gets 503 and is closed after it;
 * - one address has at most HTTP_ANONYMOUS_PER_ADDRESS such requests in progress at once, so a
 *   flood from one address queues that many at most ahead of everyone else;
 * - while the event loop runs more than HTTP_SHED_LAG_MS late, all of them get 503.
 * Password hashes have a bounded queue of their own (HashQueue.ts).
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import { API_BASE } from '../../shared/constants';
import type { Config } from '../config';
import { HttpError } from './errors';
import { byAddress } from './rateLimits';
import { carriesAccessToken } from './requireAccount';

/** How often the event loop's delay is sampled. */
const SAMPLE_MS = 50;
const BUSY = 'The server is busy: please try again in a moment';

/** Routes that are never shed: the probes of load balancers. */
const PROBES = new Set([`${API_BASE}/health`, `${API_BASE}/ready`]);

/** The event loop's recent delay: the lateness of a timer, kept as a decaying maximum. */
class LagWatch {
  behindMs = 0;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    let expected = performance.now() + SAMPLE_MS;
    this.timer = setInterval(() => {
      const now = performance.now();
      this.behindMs = Math.max(now - expected, this.behindMs / 2);
      expected = now + SAMPLE_MS;
    }, SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * True for what is never shed: the page's own files, a probe, an operator's console call, a signed-in
 * player's request. The page's files (everything outside the API) cost a file read, and without all
 * of them a visitor gets a page that cannot start, where the API's 503 would tell him to wait.
 */
async function kept(request: FastifyRequest): Promise<boolean> {
  const path = request.url.split('?')[0]!;
  if (!path.startsWith(`${API_BASE}/`) || PROBES.has(path)) return true;
  // An operator's token is checked by the route (after its per-address budget): junk ones cost little there.
  if (path.startsWith(`${API_BASE}/ops/`) && /^Bearer ops_/.test(request.headers.authorization ?? '')) return true;
  return carriesAccessToken(request);
}

/** Installs the guard on `app` (before its routes); `overCap` tells a connection over the per-address cap. */
export function guardCapacity(app: FastifyInstance, http: Config['http'], overCap: (socket: Duplex) => boolean): void {
  const lag = new LagWatch();
  const inProgress = new Map<string, number>();
  const counted = new WeakMap<FastifyRequest, string>();
  app.addHook('onClose', async () => lag.stop());
  app.addHook('onRequest', async (request, reply) => {
    if (overCap(request.raw.socket)) {
      reply.header('connection', 'close');
      throw new HttpError(503, 'Too many connections from your address: please try again in a moment', 5);
    }
    if (await kept(request)) return;
    if (lag.behindMs > http.shedLagMs) throw new HttpError(503, BUSY, 2);
    const key = byAddress(request);
    const already = inProgress.get(key) ?? 0;
    if (already >= http.anonymousPerAddress) throw new HttpError(503, BUSY, 1);
    inProgress.set(key, already + 1);
    counted.set(request, key);
  });
  const done = async (request: FastifyRequest) => {
    const key = counted.get(request);
    if (key === undefined) return;
    counted.delete(request);
    const left = inProgress.get(key)! - 1;
    if (left === 0) inProgress.delete(key);
    else inProgress.set(key, left);
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
}
