/** /fairness (docs/provably-fair.md): the receipt keys, the anchors on the chain and the last hour's cash-out latency. */

import type { FastifyInstance } from 'fastify';
import type { Anchor, CashOutLatency, ReceiptKeys } from '../../shared/protocol';
import type { Services } from '../services';
import { listAnchors } from '../proof/anchors';
import { cashOutLatency } from '../proof/latency';
import { listedKeys } from '../proof/ReceiptSigner';
import { addressLimit } from './rateLimits';
import { route } from './route';
import { TtlCache } from './TtlCache';

/** Public reads, each from the database at most once per PUBLIC_CACHE_MS however many ask, limited per address. */
export function fairnessRoutes(services: Services) {
  const { db } = services.database;
  const { publicCacheMs, rateLimits } = services.config;
  const keys = new TtlCache<ReceiptKeys>(publicCacheMs);
  const anchors = new TtlCache<Anchor[]>(publicCacheMs);
  const latency = new TtlCache<CashOutLatency>(publicCacheMs);
  return async (app: FastifyInstance): Promise<void> => {
    const limited = (name: string) => addressLimit(app, `fairness-${name}`, rateLimits.publicPerIp);

    route(app, 'GET /fairness/keys', limited('keys'), async () =>
      keys.get('keys', async () => ({ keys: await listedKeys(db) })),
    );

    route(app, 'GET /fairness/anchors', limited('anchors'), async ({ query }) => ({
      chain: services.chain.type,
      anchors: await anchors.get(String(query.before ?? ''), () => listAnchors(db, query.before)),
    }));

    route(app, 'GET /fairness/latency', limited('latency'), async () =>
      latency.get('latency', () => cashOutLatency(db, services.clock.now())),
    );
  };
}
