import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Chain } from '../chain/Chain';
import type { DeathWatch } from './DeathWatch';

/** WITHDRAW_REVIEW_ABOVE (hundredths over 24 h), WITHDRAW_VELOCITY_COUNT within velocityMs; null: that rule is off. */
export interface WithdrawalReviewRules {
  reviewAbove: number | null;
  velocityCount: number | null;
  velocityMs: number;
}

/** What the payment functions work with; built once in app.ts. */
export interface PaymentContext {
  db: Db;
  chain: Chain;
  coinsPerSol: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Says when a transfer is provably dead, so a hold is released or a deposit failed. */
  deathWatch: DeathWatch;
  /** The withdrawal review's rules (docs/ops.md "Withdrawal review"); absent: none but the manual-credit rule. */
  review?: WithdrawalReviewRules;
}
