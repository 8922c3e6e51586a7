import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Chain } from '../chain/Chain';
import type { DeathWatch } from './DeathWatch';

/** What the payment functions work with; built once in app.ts. */
export interface PaymentContext {
  db: Db;
  chain: Chain;
  coinsPerSol: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Says when a transfer is provably dead, so a hold is released or a deposit failed. */
  deathWatch: DeathWatch;
  /** Withdrawals above this many hundredths are held for an operator's review (WITHDRAW_REVIEW_ABOVE; null or absent: none). */
  reviewAbove?: number | null;
}
