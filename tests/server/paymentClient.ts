/** Test helpers for payments: a player with a real keypair, its deposit transaction as the client builds it, and calls. */

import { Keypair, type PublicKey, Transaction, type TransactionInstruction } from '@solana/web3.js';
import type { PrepareDepositResponse, Profile, SignInInput } from '../../src/shared/protocol';
import {
  decodeDepositProgram,
  depositInstruction as buildDepositInstruction,
  type DepositProgram,
} from '../../src/shared/deposit';
import { solToLamports } from '../../src/shared/money';
import type { TestServer } from './harness';
import { signInProof, testWallet } from './wallet';
import { LocalChain } from '../../src/server/chain/LocalChain';

interface Reply<T = unknown> {
  status: number;
  body: { success: boolean; data?: T; errorMessage?: string };
}

/** One HTTP call to the API with an optional bearer token. */
export async function call<T = unknown>(
  t: TestServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${t.api}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
}

/** A player: a keypair signed in with its wallet. */
export interface Player {
  key: Keypair;
  wallet: string;
  token: string;
}

/** Signs in with the wallet the real way: the server's Sign-In-With-Solana text, signed by the key. */
export async function signIn(t: TestServer, key = Keypair.generate()): Promise<Player> {
  const wallet = testWallet(key);
  const input = (await call<SignInInput>(t, 'GET', `/auth/nonce?wallet=${wallet.address}`)).body.data!;
  const reply = await call<{ token: string }>(t, 'POST', '/auth/authenticate', signInProof(wallet, input));
  if (!reply.body.data) throw new Error(`sign-in: ${reply.body.errorMessage}`);
  return { key, wallet: wallet.address, token: reply.body.data.token };
}

/** The player's coins in hundredths, as the profile shows them. */
export async function balanceOf(t: TestServer, player: Player): Promise<bigint> {
  const reply = await call<Profile>(t, 'GET', '/user/profile', undefined, player.token);
  if (!reply.body.data) throw new Error(`profile: ${reply.body.errorMessage}`);
  return BigInt(reply.body.data.balanceAmount);
}

/** Local SOL from the faucet. */
export async function fund(t: TestServer, wallet: string, sol: number): Promise<void> {
  const reply = await call(t, 'POST', '/payment/faucet', { wallet, amount: sol });
  if (reply.status !== 200) throw new Error(`faucet: ${reply.body.errorMessage}`);
}

interface Prepared extends DepositProgram {
  token: string;
}

/** POST /payment/prepare and the decoded programInfo/programData. */
export async function prepare(t: TestServer, player: Player, sol: number): Promise<Prepared> {
  const reply = await call<PrepareDepositResponse>(t, 'POST', '/payment/prepare', { amount: sol }, player.token);
  if (!reply.body.data) throw new Error(`prepare: ${reply.body.errorMessage}`);
  return { token: reply.body.data.token, ...decodeDepositProgram(reply.body.data) };
}

/** The deposit instruction exactly as the page builds it (src/shared/deposit.ts), optionally to another recipient. */
export function depositInstruction(
  p: Prepared,
  from: PublicKey,
  lamports: bigint,
  to = p.recipient,
): TransactionInstruction {
  return buildDepositInstruction({ ...p, recipient: to }, from, lamports);
}

/** A signed deposit transaction, base64, under the server's latest blockhash. */
export async function depositTx(
  t: TestServer,
  feePayer: Keypair,
  instructions: TransactionInstruction[],
  signers: Keypair[] = [feePayer],
): Promise<string> {
  const blockhash = (await call<string>(t, 'GET', '/payment/blockhash')).body.data!;
  const tx = new Transaction({ feePayer: feePayer.publicKey, recentBlockhash: blockhash }).add(...instructions);
  if (signers.length > 0) tx.sign(...signers);
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
}

/** POST /payment/pay/{token}. */
export function pay(
  t: TestServer,
  player: Player,
  token: string,
  data: string,
  sol: number,
): Promise<Reply<{ signature: string }>> {
  return call(
    t,
    'POST',
    `/payment/pay/${token}`,
    { paymentData: { amount: sol, wallet: player.wallet, data } },
    player.token,
  );
}

/** The player's signed deposit of `lamports` for the prepared deposit `p`, base64, as the page signs it. */
export function signedDeposit(t: TestServer, player: Player, p: Prepared, lamports: bigint): Promise<string> {
  return depositTx(t, player.key, [depositInstruction(p, player.key.publicKey, lamports)]);
}

/** Deposits `sol` through the API as the page does (prepare, sign, pay): the pay call's reply. */
export async function deposit(t: TestServer, player: Player, sol: number): Promise<Reply<{ signature: string }>> {
  const p = await prepare(t, player, sol);
  return pay(t, player, p.token, await signedDeposit(t, player, p, solToLamports(sol)!), sol);
}

/** Signs in a funded player who deposits `sol` (credited), for withdrawal tests. */
export async function playerWithCoins(t: TestServer, sol: number): Promise<Player> {
  const player = await signIn(t);
  await fund(t, player.wallet, sol + 1);
  const reply = await deposit(t, player, sol);
  if (reply.status !== 200) throw new Error(`deposit: ${reply.body.errorMessage}`);
  return player;
}

/** The server's chain, which these tests run on LiteSVM. */
export function localChain(t: TestServer): LocalChain {
  const { chain } = t.server.services;
  if (!(chain instanceof LocalChain)) throw new Error('the test server does not run the local chain');
  return chain;
}
