/**
 * Security headers on every answer, as helmet sets them: a Content-Security-Policy that fits
 * the page (the built client's own scripts only, and the strategy lab's sandbox frame; Pixi's WebGL with its blob: workers; STOMP to
 * its own origin; the Solana RPC endpoints the wallet adapters talk to; Solflare's iframe; the
 * mobile wallet adapter's local socket; the console at /ops none of the wallets' sources), no
 * framing by other sites, and nosniff. They never
 * change, so helmet works them out once at start (its Fastify plugin built helmet's middleware and
 * parsed the policy again on every request: 4 % of a betting request's time).
 */

import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { SANDBOX_SCRIPT } from '../../shared/strategySandbox';
import { OPS_PAGE } from './staticClient';

/** The public RPC endpoints the client's ConnectionProvider uses for each environment (docs/spec.md, "Decisions on the spec's open points"). */
const SOLANA_RPC = ['api.mainnet-beta.solana.com', 'api.devnet.solana.com', 'api.testnet.solana.com'].flatMap(
  (host) => [`https://${host}`, `wss://${host}`],
);
/** Solflare's SDK runs its web wallet in an iframe from here. */
const SOLFLARE = 'https://connect.solflare.com';
/**
 * The mobile wallet adapter (Android) talks to the wallet app over a WebSocket on the phone itself,
 * at this path on a port it picks: the game page allows that one path, the console nothing local.
 */
const MOBILE_WALLET = 'ws://localhost:*/solana-wallet';

/** The configured RPC endpoint's origin (and its WebSocket twin), so a client may use the operator's cluster too. */
function rpcOrigins(rpcUrl: string | undefined): string[] {
  if (!rpcUrl) return [];
  const { protocol, host } = new URL(rpcUrl);
  return [`${protocol}//${host}`, `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`];
}

/** The strategy lab's sandbox frame inherits the page's policy: its one inline script is allowed by its hash. */
const SANDBOX_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SANDBOX_SCRIPT).digest('base64')}'`;

/** The headers helmet's middleware sets with `options`, captured from one call. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The policy of a page that connects to `connectSrc` and frames `frameSrc`. */
function pageHeaders(connectSrc: string[], frameSrc: string[]): Record<string, string> {
  return headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", SANDBOX_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...connectSrc],
        frameSrc,
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

export function securityHeaders(app: FastifyInstance, config: Pick<Config, 'rpcUrl'>): void {
  const game = pageHeaders([...SOLANA_RPC, ...rpcOrigins(config.rpcUrl), MOBILE_WALLET], [SOLFLARE]);
  // The console has no wallet: it talks to its own origin only and frames nothing.
  const opsPage = pageHeaders([], ["'none'"]);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(OPS_PAGE.test(request.url.split('?')[0]!) ? opsPage : game);
    done();
  });
}
