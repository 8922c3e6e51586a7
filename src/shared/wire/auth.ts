/** /auth: wallet sign-in (SIWS) and email accounts (docs/wire.md "Auth"). */

import { z } from 'zod';
import { body, text, query } from './fields';

/** Sign-In-With-Solana input (Wallet Standard `SolanaSignInInput`). */
export const signInInput = z.object({
  domain: z.string(),
  address: z.string(),
  statement: z.string(),
  uri: z.string(),
  version: z.string(),
  chainId: z.string(),
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string(),
});
export type SignInInput = z.infer<typeof signInInput>;

export const tokenAnswer = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenAnswer>;

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
/** POST /auth/authenticate: a password login when the body has a password, else a wallet's signed message. */
export const loginBody = z
  .unknown()
  .transform((fields, context) => {
    const isPassword = typeof fields === 'object' && fields !== null && 'password' in fields;
    const result = (isPassword ? passwordLogin : walletLogin).safeParse(fields);
    if (result.success) return result.data;
    for (const { message, path } of result.error.issues) context.addIssue({ code: 'custom', message, path });
    return z.NEVER;
  })
  .meta({
    description: 'email: `{login, password}`; wallet: `{login, signature, message, referralId?, telegramId?}`',
  });
export const registration = body({ email, password, ...firstSignIn });
export const nonceQuery = query({ wallet: text('wallet', 64) });
