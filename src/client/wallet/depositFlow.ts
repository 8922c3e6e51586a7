/**
 * A deposit from the page (docs/spec.md §5, §7, §8; docs/wire.md "Payments"): prepare → blockhash → one
 * instruction from programInfo and programData → the wallet signs → pay → the server credits it
 * once the chain confirms; the page then polls the deposit and refreshes the balance.
 */

import { Transaction, type PublicKey } from '@solana/web3.js';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import { decodeDepositProgram, depositInstruction, memoInstruction } from '../../shared/deposit';
import { solToLamports } from '../../shared/money';
import { depositProblem } from '../../shared/paymentRules';
import type { PrepareDepositResponse } from '../../shared/protocol';
import { ApiError, api } from '../net/api';
import { refreshProfile } from '../account/profile';
import { toBase64 } from './base64';
import { PlayerError, TEXT } from './messages';

/** How often and how long the page asks whether a paid deposit has been credited. */
const CREDIT_POLL_MS = 1000;
const CREDIT_POLL_TRIES = 90;

type PayingWallet = Pick<WalletContextState, 'publicKey' | 'signTransaction'>;

/** Deposits `amountText` SOL; resolves with the success text, or throws a PlayerError. */
export async function deposit(wallet: PayingWallet, amountText: string): Promise<string> {
  const lamports = solToLamports(amountText);
  if (lamports === null || depositProblem(lamports) === 'minimum') throw new PlayerError(TEXT.depositMinimum);
  const { publicKey, signTransaction } = wallet;
  if (!publicKey || !signTransaction) throw new PlayerError(TEXT.walletNotConnected);
  const amount = Number(amountText);

  const prepared = await api.post('/payment/prepare', { amount }).catch((error: unknown) => {
    throw new PlayerError(serverMessage(error) ?? TEXT.cantDeposit, { cause: error });
  });
  const blockhash = await api.get('/payment/blockhash').catch((error: unknown) => {
    throw new PlayerError(TEXT.cantProcess, { cause: error });
  });
  const data = await signDeposit(signTransaction, publicKey, prepared, lamports, blockhash).catch((error: unknown) => {
    throw new PlayerError(TEXT.cantFinish, { cause: error });
  });
  const paymentData = { amount, wallet: publicKey.toBase58(), data };
  await api
    .post('/payment/pay/:depositId', { paymentData }, { params: { depositId: prepared.token } })
    .catch((error: unknown) => {
      throw new PlayerError(serverMessage(error) ?? TEXT.cantFinish, { cause: error });
    });
  void refreshWhenCredited(prepared.token);
  return TEXT.transactionSuccessful;
}

async function signDeposit(
  signTransaction: NonNullable<PayingWallet['signTransaction']>,
  publicKey: PublicKey,
  prepared: PrepareDepositResponse,
  lamports: bigint,
  blockhash: string,
): Promise<string> {
  const instruction = depositInstruction(decodeDepositProgram(prepared), publicKey, lamports);
  // The deposit's id as a memo: a second deposit of the same amount under the same blockhash is another transaction.
  const tx = new Transaction({ feePayer: publicKey, recentBlockhash: blockhash }).add(
    instruction,
    memoInstruction(`moonrush deposit ${prepared.token}`),
  );
  const signed = await signTransaction(tx);
  return toBase64(signed.serialize());
}

/** The server's own words, when it gave any (docs/spec.md, "Decisions on the spec's open points": a failed pay shows them). */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status !== null && error.message !== TEXT.errorOccurred
    ? error.message
    : null;
}

/** Polls `GET /payment/deposit/{id}` until the deposit is no longer pending, then refreshes the balance. */
async function refreshWhenCredited(depositId: string): Promise<void> {
  for (let tries = 0; tries < CREDIT_POLL_TRIES; tries += 1) {
    const status = await api.get('/payment/deposit/:depositId', { params: { depositId } }).then(
      (reply) => reply.status,
      () => 'pending',
    );
    if (status !== 'pending') break;
    await new Promise((resolve) => setTimeout(resolve, CREDIT_POLL_MS));
  }
  await refreshProfile();
}
