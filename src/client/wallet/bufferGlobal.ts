/**
 * Some wallet adapters (Solflare's and Coinbase's SDKs) use Node's `Buffer` as a global at load
 * time; browsers have none. WalletRoot imports this first, so the global exists before them.
 * ('buffer/' names the npm package, not Node's module.)
 */

import { Buffer } from 'buffer/';

globalThis.Buffer ??= Buffer as unknown as typeof globalThis.Buffer;
