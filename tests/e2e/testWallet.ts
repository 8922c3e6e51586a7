/**
 * The end-to-end suite's test wallet: the page's own key wallet (src/client/wallet/standard) with a
 * key the test hands in, registered through Wallet Standard before the page's scripts run, as a
 * browser extension does. Bundled to one script by `testWalletScript`; the test drives and
 * watches it through `window.__testWallet`.
 */

import { registerWallet } from '@wallet-standard/wallet';
import { keyFromJwk } from '../../src/client/wallet/standard/ed25519Key';
import { KeyWallet } from '../../src/client/wallet/standard/KeyWallet';

export interface TestWalletConfig {
  name: string;
  jwk: JsonWebKey;
}

export interface TestWalletControl {
  /** Every request by feature name, in order. */
  calls: string[];
  switchTo(jwk: JsonWebKey): Promise<void>;
  dropAccount(): void;
}

declare global {
  interface Window {
    __testWalletConfig?: TestWalletConfig;
    __testWallet?: TestWalletControl;
  }
}

const ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#00e436"/></svg>',
)}` as const;

const config = window.__testWalletConfig;
if (config) {
  const calls: string[] = [];
  const wallet = new KeyWallet({
    name: config.name,
    icon: ICON,
    loadKey: () => keyFromJwk(config.jwk),
    onRequest: (feature) => calls.push(feature),
  });
  registerWallet(wallet);
  window.__testWallet = {
    calls,
    switchTo: async (jwk) => wallet.switchKey(await keyFromJwk(jwk)),
    dropAccount: () => wallet.dropAccount(),
  };
}
