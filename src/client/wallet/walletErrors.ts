/** What the page does with a wallet error (docs/spec.md §8). */

import {
  WalletDisconnectedError,
  WalletNotReadyError,
  WalletSendTransactionError,
  WalletSignInError,
  WalletSignMessageError,
  WalletSignTransactionError,
  type Adapter,
  type WalletError,
} from '@solana/wallet-adapter-base';
import { t } from '../i18n/i18n';

/** The spec's alert, in the page's language. */
export const notInstalledAlert = () => t('wallet.notInstalled');

/** Errors of a request the player can simply make again; they keep the chosen wallet. */
const REQUEST_ERRORS = [
  WalletSignMessageError,
  WalletSignTransactionError,
  WalletSendTransactionError,
  WalletSignInError,
];

/**
 * Disconnected errors are only logged (as information); every other one is logged as an error.
 * A wallet that is not ready gives the spec's alert. When the player is not signed in, a wallet
 * that failed to connect or dropped its account is forgotten (`forget` clears the selection and
 * `walletName`), so the next visit does not try it again.
 */
export function reportWalletError(
  error: WalletError,
  adapter: Adapter | undefined,
  signedIn: boolean,
  forget: () => void,
) {
  if (error instanceof WalletDisconnectedError) {
    console.info('Wallet disconnected', adapter?.name ?? '');
    return;
  }
  console.error(error, adapter?.name ?? '');
  if (error instanceof WalletNotReadyError) window.alert(notInstalledAlert());
  if (!signedIn && !REQUEST_ERRORS.some((kind) => error instanceof kind)) forget();
}

/** A wallet the player picked that is not installed: logged, and the spec's alert. */
export function notReady(adapter: Adapter): void {
  console.error(new WalletNotReadyError(), adapter.name);
  window.alert(notInstalledAlert());
}
