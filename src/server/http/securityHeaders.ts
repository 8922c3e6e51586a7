/**
 * Security headers on every answer through @fastify/helmet: a Content-Security-Policy that fits
 * the page (the built client's own scripts only; Pixi's WebGL with its blob: workers; STOMP to
 * its own origin; the Solana RPC endpoints the wallet adapters talk to; Solflare's iframe; the
 * mobile wallet adapter's local socket), no framing by other sites, and nosniff.
 */

import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { Config } from '../config';

/** The public RPC endpoints the client's ConnectionProvider uses for each environment (architecture §9). */
const SOLANA_RPC = ['api.mainnet-beta.solana.com', 'api.devnet.solana.com', 'api.testnet.solana.com'].flatMap(
  (host) => [`https://${host}`, `wss://${host}`],
);
/** Solflare's SDK runs its web wallet in an iframe from here. */
const SOLFLARE = 'https://connect.solflare.com';
/** The mobile wallet adapter talks to the wallet app over a WebSocket on the phone itself. */
const MOBILE_WALLET = 'ws://localhost:*';

/** The configured RPC endpoint's origin (and its WebSocket twin), so a client may use the operator's cluster too. */
function rpcOrigins(rpcUrl: string | undefined): string[] {
  if (!rpcUrl) return [];
  const { protocol, host } = new URL(rpcUrl);
  return [`${protocol}//${host}`, `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`];
}

export async function securityHeaders(app: FastifyInstance, config: Pick<Config, 'rpcUrl'>): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...SOLANA_RPC, ...rpcOrigins(config.rpcUrl), MOBILE_WALLET],
        frameSrc: [SOLFLARE],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Wallet pop-ups (Coinbase, Solflare's web wallet) talk back to the page through window.opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
}
