/**
 * Sign-In-With-Solana: the server hands out the input, keeps it, and accepts only the exact text
 * it produces, signed by that address, once, before it expires.
 */

import { and, eq, gt, lt } from 'drizzle-orm';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { SignInInput } from '../../shared/protocol';
import type { Db } from '../db/client';
import { signInNonces } from '../db/schema';
import { Refusal } from '../Refusal';
import { addressBytes, verifySignature } from './ed25519';
import { verifyMemoTransaction } from './memoTransaction';
import { randomAlphanumeric } from './random';

/** How long a sign-in input stays valid. */
const SIGN_IN_TTL_MS = 5 * 60_000;
const NONCE_LENGTH = 24;
const STATEMENT = 'Sign in to moonrush.';

/** Where the player signs in: the site's domain and origin, and the chain the server runs on. */
export interface SignInSite {
  domain: string;
  uri: string;
  chainId: string;
}

/** A fresh single-use sign-in input for `address`, stored until it is used or expires. */
export async function issueSignIn(db: Db, address: string, site: SignInSite, now = Date.now()): Promise<SignInInput> {
  if (!addressBytes(address)) throw new Refusal('invalid', 'That is not a Solana wallet address');
  const input: SignInInput = {
    domain: site.domain,
    address,
    statement: STATEMENT,
    uri: site.uri,
    version: '1',
    chainId: site.chainId,
    nonce: randomAlphanumeric(NONCE_LENGTH),
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + SIGN_IN_TTL_MS).toISOString(),
  };
  await db.delete(signInNonces).where(lt(signInNonces.expiresAt, now));
  await db.insert(signInNonces).values({
    nonce: input.nonce,
    address,
    message: createSignInMessageText(input),
    expiresAt: now + SIGN_IN_TTL_MS,
  });
  return input;
}

/** What the player sends back: the signed text and its signature. */
interface WalletProof {
  login: string;
  /** base64: a 64-byte ed25519 signature of `message`, or a signed Memo transaction holding it. */
  signature: string;
  message: string;
}

/** Checks the proof and consumes its nonce; refuses replays, expired or foreign inputs and bad signatures. */
export async function verifyWalletSignIn(db: Db, proof: WalletProof, now = Date.now()): Promise<void> {
  const refused = new Refusal('unauthorized', 'Sign-in failed: please sign the message again');
  const nonce = /\nNonce: ([A-Za-z0-9]+)\n/.exec(proof.message)?.[1];
  if (!nonce) throw refused;
  const [stored] = await db
    .select()
    .from(signInNonces)
    .where(and(eq(signInNonces.nonce, nonce), eq(signInNonces.address, proof.login), gt(signInNonces.expiresAt, now)));
  if (!stored || stored.message !== proof.message) throw refused;
  const bytes = Buffer.from(proof.signature, 'base64');
  const valid =
    bytes.length === 64
      ? verifySignature(proof.login, new TextEncoder().encode(stored.message), bytes)
      : verifyMemoTransaction(bytes, proof.login, stored.message);
  if (!valid) throw refused;
  const consumed = await db
    .delete(signInNonces)
    .where(eq(signInNonces.nonce, nonce))
    .returning({ nonce: signInNonces.nonce });
  if (consumed.length !== 1) throw refused;
}
