/** The texts players read in the profile modal (docs/spec.md §5, §8), typed error or success. */

import { t } from '../i18n/i18n';

const KEYS = [
  'connectWallet',
  'errorOccurred',
  'cantDeposit',
  'walletNotConnected',
  'cantProcess',
  'cantFinish',
  'transactionSuccessful',
  'depositMinimum',
  'withdrawMinimum',
  'cantWithdraw',
  // The withdrawal list and an operator's review (docs/ops.md "What players see").
  'underReview',
  'withdrawalHeld',
  'withdrawalSending',
  'withdrawalSent',
  'withdrawalFailed',
  'coinsReturned',
] as const;

/** Each text in the page's language at the moment it is read (the catalogue's wallet.*). */
export const TEXT = Object.defineProperties(
  {},
  Object.fromEntries(KEYS.map((key) => [key, { get: () => t(`wallet.${key}`), enumerable: true }])),
) as Record<(typeof KEYS)[number], string>;

export interface Message {
  type: 'error' | 'success';
  text: string;
}

/** A failure whose text is meant for the player as it is. */
export class PlayerError extends Error {
  override name = 'PlayerError';
}
