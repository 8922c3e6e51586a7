/** /auth: wallet sign-in (SIWS), email accounts, token refresh and logout. */

import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../shared/constants';
import type { ChainKind } from '../config';
import type { Services } from '../services';
import { issueSignIn, verifyWalletSignIn, type SignInSite } from '../auth/signIn';
import { passwordSignIn, register } from '../auth/passwordSignIn';
import { REFRESH_TTL_MS } from '../auth/Tokens';
import { walletAccount, type AccountRef } from '../ledger/accounts';
import { signIns } from '../db/schema';
import { addressLimit, authLimits, byAddress, sessionLimits } from './rateLimits';
import { route } from './route';

const REFRESH_COOKIE = 'refresh_token';
const CHAIN_IDS: Record<ChainKind, string> = {
  local: 'solana:localnet',
  devnet: 'solana:devnet',
  testnet: 'solana:testnet',
  mainnet: 'solana:mainnet',
};

/** Who presents a refresh token: a used one is honoured again (for a short while) only for the same client. */
const clientOf = (request: FastifyRequest) => `${byAddress(request)} ${request.headers['user-agent'] ?? ''}`;

/** The /auth routes, with per-address and per-login rate limits; password hashes wait in services.hashes. */
export function authRoutes(services: Services) {
  const { database, tokens, config, hashes } = services;
  const db = database.db;

  async function signedIn(request: FastifyRequest, reply: FastifyReply, account: AccountRef) {
    const { refresh, access } = await tokens.startSession(account);
    // Where each sign-in came from, for the operator's console (docs/ops.md "Players").
    await db.insert(signIns).values({ accountId: account.id, address: request.ip, at: Date.now() });
    setRefreshCookie(reply, refresh);
    return { token: access };
  }

  return async function (app: FastifyInstance): Promise<void> {
    // A nonce costs a row and no check: counted per address on a budget of its own, so a flood of
    // them spends no sign-in's budget (nor, there being no ceiling over everyone, anybody else's).
    const nonceLimit = addressLimit(app, 'auth-nonce', config.rateLimits.authPerIp);
    const preHandler = authLimits(app, 'auth', config.rateLimits);
    const sessionHandler = sessionLimits(app, config.rateLimits, (request) =>
      tokens.familyOf(request.cookies[REFRESH_COOKIE] ?? ''),
    );

    /**
     * Where sign-in messages say the player is: SIGN_IN_DOMAIN, else (local play) the address the
     * server listens on; never the request's Host or X-Forwarded-Host, which a phishing page picks.
     */
    function site(request: FastifyRequest): SignInSite {
      const domain = config.signInDomain ?? listeningDomain(app, config.host);
      return { domain, uri: `${request.protocol}://${domain}`, chainId: CHAIN_IDS[config.chain] };
    }

    route(app, 'GET /auth/nonce', nonceLimit, async (request) => issueSignIn(db, request.query.wallet, site(request)));

    route(app, 'POST /auth/authenticate', preHandler, async (request, reply) => {
      const { body } = request;
      if ('password' in body) {
        const account = await hashes.run(() => passwordSignIn(db, body.login, body.password, request.ip));
        return signedIn(request, reply, account);
      }
      await verifyWalletSignIn(db, body);
      return signedIn(request, reply, await walletAccount(db, body.login, body));
    });

    route(app, 'POST /auth/register', preHandler, async (request, reply) =>
      signedIn(
        request,
        reply,
        await hashes.run(() => register(db, request.body.email, request.body.password, request.body, request.ip)),
      ),
    );

    route(app, 'POST /auth/refresh', sessionHandler, async (request, reply) => {
      const cookie = request.cookies[REFRESH_COOKIE] ?? '';
      const { account, refresh, family } = await tokens.rotate(cookie, clientOf(request));
      setRefreshCookie(reply, refresh);
      return { token: await tokens.accessToken(account, family) };
    });

    route(app, 'POST /auth/logout', sessionHandler, async (request, reply) => {
      const refresh = request.cookies[REFRESH_COOKIE];
      if (refresh) await tokens.revoke(refresh);
      reply.clearCookie(REFRESH_COOKIE, { path: `${API_BASE}/auth` });
      return null;
    });
  };
}

/** host:port the server listens on; a wildcard host (0.0.0.0, ::) is named localhost. */
function listeningDomain(app: FastifyInstance, host: string): string {
  const { port } = app.server.address() as AddressInfo;
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `${name}:${port}`;
}

function setRefreshCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: `${API_BASE}/auth`,
    maxAge: REFRESH_TTL_MS / 1000,
  });
}
