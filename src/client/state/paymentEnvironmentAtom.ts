/** The payment environment (docs/spec.md §3): chain type, coins per SOL and the house wallet. */

import { atom } from 'jotai';
import { DEFAULT_PAYMENT_ENVIRONMENT } from '../../shared/constants';
import type { PaymentEnvironment } from '../../shared/protocol';

/** The spec's defaults (type test, rate 1, no wallet) until GET /payment/environment answers after sign-in. */
export const paymentEnvironmentAtom = atom<PaymentEnvironment>({ ...DEFAULT_PAYMENT_ENVIRONMENT });
