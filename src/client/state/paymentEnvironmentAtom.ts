/** The payment environment (docs/spec.md §3): chain type, coins per SOL and the house wallet. */

import { atom } from 'jotai';
import { DEFAULT_PAYMENT_ENVIRONMENT } from '../../shared/constants';
import type { PaymentEnvironmentType } from '../../shared/protocol';

/** The environment as the page keeps it; game/session.ts maps the wire's `rate` to `coinsPerSol`. */
interface PaymentEnvironment {
  type: PaymentEnvironmentType;
  coinsPerSol: number;
  /** The house wallet's address. */
  wallet: string;
}

/** The spec's defaults (type test, 1 coin per SOL, no wallet) until GET /payment/environment answers after sign-in. */
export const paymentEnvironmentAtom = atom<PaymentEnvironment>({ ...DEFAULT_PAYMENT_ENVIRONMENT });
