/** The chain endpoint the payment environment's type selects (docs/spec.md §7 and "Decisions on the spec's open points"). */

import { clusterApiUrl } from '@solana/web3.js';

/**
 * main → mainnet-beta, test → testnet, devnet → devnet, missing or unknown → devnet. local → the
 * game server's own origin: the local chain lives inside the server and the page reaches it only
 * through the API (`GET /payment/blockhash`, `POST /payment/pay`), so no flow sends anything to
 * this endpoint; it only gives the wallet adapters a Connection.
 */
export function endpointFor(type: string | null | undefined, origin = globalThis.location?.origin ?? ''): string {
  switch (type) {
    case 'main':
      return clusterApiUrl('mainnet-beta');
    case 'test':
      return clusterApiUrl('testnet');
    case 'local':
      return origin;
    default:
      return clusterApiUrl('devnet');
  }
}
