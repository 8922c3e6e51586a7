/** Bundles tests/e2e/testWallet.ts into one script and injects it into a browser context before any page loads. */

import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import bs58 from 'bs58';
import type { BrowserContext } from 'playwright-core';
import { build } from 'vite';
import type { TestWalletConfig } from './testWallet';

let bundled: Promise<string> | null = null;

/** The test wallet as one IIFE script (built once per test file). */
function testWalletScript(): Promise<string> {
  bundled ??= build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      lib: { entry: fileURLToPath(new URL('./testWallet.ts', import.meta.url)), formats: ['iife'], name: 'testWallet' },
    },
  }).then((output) => {
    const result = Array.isArray(output) ? output[0] : output;
    if (!result || !('output' in result)) throw new Error('vite did not bundle the test wallet');
    return result.output[0].code;
  });
  return bundled;
}

/** A fresh ed25519 key as the JWK the wallet imports, with its base58 address. */
export function newWalletKey(): { jwk: JsonWebKey; address: string } {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey;
  return { jwk, address: bs58.encode(Buffer.from(jwk.x!, 'base64url')) };
}

/** Every page of `context` gets a Wallet Standard wallet named `name` holding `jwk`, before its own scripts run. */
export async function injectTestWallet(context: BrowserContext, config: TestWalletConfig): Promise<void> {
  await context.addInitScript((value) => {
    window.__testWalletConfig = value;
  }, config);
  await context.addInitScript({ content: await testWalletScript() });
}
