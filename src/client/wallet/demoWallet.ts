/**
 * The demo wallet (docs/wallets.md "The demo wallet", beyond the spec): with the local chain, a Wallet Standard
 * wallet named 'Demo wallet' lives in the page, keeps its key in localStorage and asks the local
 * faucet for SOL on its first connect of each visit (the local chain starts empty at every server
 * start), so a newcomer needs no wallet at all. It is never registered on other chains.
 */

import { registerWallet } from '@wallet-standard/wallet';
import { FAUCET_MAX_SOL } from '../../shared/constants';
import { api } from '../net/api';
import { readStored, writeStored } from '../state/storage';
import { keyFromJwk, newKeyJwk } from './standard/ed25519Key';
import { KeyWallet } from './standard/KeyWallet';

const DEMO_WALLET_NAME = 'Demo wallet';
/** Where the demo wallet keeps its key (a JWK); local play money only. */
const DEMO_KEY_STORAGE = 'demoWalletKey';

const ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" shape-rendering="crispEdges">' +
    '<rect width="16" height="16" fill="#29adff"/><rect x="3" y="5" width="10" height="7" fill="#fff1e8"/>' +
    '<rect x="9" y="7" width="4" height="3" fill="#ffa300"/></svg>',
)}` as const;

let registered = false;

/** Registers the demo wallet once; call it only when the payment environment's type is local. */
export function registerDemoWallet(): void {
  if (registered) return;
  registered = true;
  registerWallet(new KeyWallet({ name: DEMO_WALLET_NAME, icon: ICON, loadKey: storedKey, onFirstConnect: askFaucet }));
}

async function storedKey() {
  const stored = readStored(DEMO_KEY_STORAGE);
  if (stored) return keyFromJwk(JSON.parse(stored) as JsonWebKey);
  const jwk = await newKeyJwk();
  writeStored(DEMO_KEY_STORAGE, JSON.stringify(jwk));
  return keyFromJwk(jwk);
}

async function askFaucet(address: string): Promise<void> {
  await api
    .post('/payment/faucet', { wallet: address, amount: FAUCET_MAX_SOL })
    .catch((error: unknown) => console.warn('The local faucet did not fund the demo wallet', error));
}
