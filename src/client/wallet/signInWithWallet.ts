/**
 * Sign-In With Solana from the page (docs/spec.md §4, §8; docs/wire.md "Auth"): the server's input from
 * `GET /auth/nonce`, signed by the wallet's own `signIn` when it has one, else `signMessage` of the
 * SIWS text, else (Ledger) a Memo transaction holding that text, which the server verifies and never
 * sends. Then the session stores the token, fetches the profile and loads the payment environment.
 */

import { PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import type { SignInInput } from '../../shared/protocol';
import { ApiError, api } from '../net/api';
import { referralFields } from '../account/referral';
import { signIn } from '../game/session';
import { PlayerError, TEXT } from './messages';
import { toBase64 } from './base64';

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
/** The Memo sign-in is signed but never sent, so any blockhash will do; this one asks no server. */
const UNSENT_BLOCKHASH = PublicKey.default.toBase58();

type SigningWallet = Pick<WalletContextState, 'publicKey' | 'signIn' | 'signMessage' | 'signTransaction'>;

interface Proof {
  login: string;
  message: string;
  signature: Uint8Array;
}

/** Signs in with the connected wallet; throws a PlayerError with the text to show. */
export async function signInWithWallet(wallet: SigningWallet): Promise<void> {
  if (!wallet.publicKey) throw new PlayerError(TEXT.connectWallet);
  try {
    const input = await api.get('/auth/nonce', { query: { wallet: wallet.publicKey.toBase58() } });
    const proof = await prove(wallet, wallet.publicKey, input);
    const { token } = await api.post('/auth/authenticate', {
      login: proof.login,
      signature: toBase64(proof.signature),
      message: proof.message,
      ...referralFields(),
    });
    await signIn(token);
  } catch (error) {
    throw new PlayerError(error instanceof ApiError ? error.message : TEXT.errorOccurred, { cause: error });
  }
}

async function prove(wallet: SigningWallet, publicKey: PublicKey, input: SignInInput): Promise<Proof> {
  if (wallet.signIn) {
    const output = await wallet.signIn(input);
    return {
      login: output.account.address,
      message: new TextDecoder().decode(output.signedMessage),
      signature: output.signature,
    };
  }
  const message = createSignInMessageText(input);
  const login = publicKey.toBase58();
  if (wallet.signMessage)
    return { login, message, signature: await wallet.signMessage(new TextEncoder().encode(message)) };
  if (wallet.signTransaction)
    return { login, message, signature: await signMemo(wallet.signTransaction, publicKey, message) };
  throw new Error('This wallet can sign neither messages nor transactions');
}

/** The serialized Memo transaction of `message`, signed by the player (the Ledger way in of docs/wire.md "Auth"). */
async function signMemo(
  signTransaction: NonNullable<SigningWallet['signTransaction']>,
  publicKey: PublicKey,
  message: string,
): Promise<Uint8Array> {
  const memo = new TransactionInstruction({
    programId: MEMO_PROGRAM,
    keys: [],
    // web3.js types this as Buffer but only reads it as bytes.
    data: new TextEncoder().encode(message) as Buffer,
  });
  const tx = new Transaction({ feePayer: publicKey, recentBlockhash: UNSENT_BLOCKHASH }).add(memo);
  const signed = await signTransaction(tx);
  return signed.serialize();
}
