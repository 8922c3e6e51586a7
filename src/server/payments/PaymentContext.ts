import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Chain } from '../chain/Chain';

/** What the payment functions work with; built once in app.ts. */
export interface PaymentContext {
  db: Db;
  chain: Chain;
  coinsPerSol: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}
