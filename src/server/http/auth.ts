/** /auth: wallet sign-in (SIWS), email accounts, token refresh and logout. */

import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASE } from '../../shared/constants';
import type { ChainKind } from '../config';
import type { Services } from '../services';
import { issueSignIn, verifyWalletSignIn, type SignInSite } from '../auth/signIn';
import { passwordSignIn, register } from '../auth/passwordSignIn';
import { REFRESH_TTL_MS } from '../auth/Tokens';
import { isKnownLogin, walletAccount, type AccountRef } from '../ledger/accounts';
import { signIns } from '../db/schema';
import { ok, parseBody } from './errors';
import { authLimits, byAddress, sessionLimits } from './rateLimits';
import { body, text } from './schemas';

const REFRESH_COOKIE = 'refresh_token';
const CHAIN_IDS: Record<ChainKind, string> = {
  local: 'solana:localnet',
  devnet: 'solana:devnet',
  testnet: 'solana:testnet',
  mainnet: 'solana:mainnet',
};

const firstSignIn = { referralId: text('referralId', 64).optional(), telegramId: text('telegramId', 64).optional() };
const email = z.email({ error: 'Enter a valid email' }).max(254, 'Enter a valid email');
const password = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

const walletLogin = body({
  login: text('login', 64),
  signature: text('signature', 4096),
  message: text('message', 2048),
  ...firstSignIn,
});
const passwordLogin = body({ login: email, password });
const registration = body({ email, password, ...firstSignIn });
const nonceQuery = body({ wallet: text('wallet', 64) });

/** Who presents a refresh token: a used one is honoured again (for a short while) only for the same client. */
const clientOf = (request: FastifyRequest) => `${byAddress(request)} ${request.headers['user-agent'] ?? ''}`;

/** The /auth routes, with per-IP and per-login rate limits. */
export function authRoutes(services: Services) {
  const { database, tokens, config } = services;
  const db = database.db;

  async function signedIn(request: FastifyRequest, reply: FastifyReply, account: AccountRef) {
    const { refresh, access } = await tokens.startSession(account);
    // Where each sign-in came from, for the operator's console (docs/ops.md "Players").
    await db.insert(signIns).values({ accountId: account.id, address: request.ip, at: Date.now() });
    setRefreshCookie(reply, refresh);
    return ok({ token: access });
  }

  return async function (app: FastifyInstance): Promise<void> {
    const preHandler = authLimits(app, config.rateLimits, (login) => isKnownLogin(db, login));
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

    app.get('/auth/nonce', { preHandler }, async (request) => {
      const { wallet } = parseBody(nonceQuery, request.query);
      return ok(await issueSignIn(db, wallet, site(request)));
    });

    app.post('/auth/authenticate', { preHandler }, async (request, reply) => {
      const fields = request.body as Record<string, unknown> | undefined;
      if (fields && typeof fields === 'object' && 'password' in fields) {
        const login = parseBody(passwordLogin, fields);
        return signedIn(request, reply, await passwordSignIn(db, login.login, login.password));
      }
      const proof = parseBody(walletLogin, fields);
      await verifyWalletSignIn(db, proof);
      return signedIn(request, reply, await walletAccount(db, proof.login, proof));
    });

    app.post('/auth/register', { preHandler }, async (request, reply) => {
      const form = parseBody(registration, request.body);
      return signedIn(request, reply, await register(db, form.email, form.password, form));
    });

    app.post('/auth/refresh', { preHandler: sessionHandler }, async (request, reply) => {
      const cookie = request.cookies[REFRESH_COOKIE] ?? '';
      const { account, refresh, family } = await tokens.rotate(cookie, clientOf(request));
      setRefreshCookie(reply, refresh);
      return ok({ token: await tokens.accessToken(account, family) });
    });

    app.post('/auth/logout', { preHandler: sessionHandler }, async (request, reply) => {
      const refresh = request.cookies[REFRESH_COOKIE];
      if (refresh) await tokens.revoke(refresh);
      reply.clearCookie(REFRESH_COOKIE, { path: `${API_BASE}/auth` });
      return ok(null);
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
