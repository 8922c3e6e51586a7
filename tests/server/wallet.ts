/** A throwaway Solana wallet for tests: signs messages (ed25519) and Memo sign-in transactions. */

import { createPrivateKey, sign } from 'node:crypto';
import { Keypair, PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { SignInInput } from '../../src/shared/protocol';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/** A wallet that signs like Phantom (messages) or like a Ledger (Memo transactions). */
export interface TestWallet {
  address: string;
  /** base64 ed25519 signature of the UTF-8 text. */
  signText(text: string): string;
  /** base64 of a signed transaction whose only instruction is a Memo of `text` (the Ledger way). */
  signMemo(text: string, extra?: TransactionInstruction): string;
}

/** A wallet over `keypair`, a fresh random one by default. */
export function testWallet(keypair = Keypair.generate()): TestWallet {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, keypair.secretKey.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  });
  return {
    address: keypair.publicKey.toBase58(),
    signText: (text) => sign(null, Buffer.from(text, 'utf8'), key).toString('base64'),
    signMemo(text, extra) {
      const tx = new Transaction({ feePayer: keypair.publicKey, recentBlockhash: PublicKey.default.toBase58() });
      tx.add(new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from(text, 'utf8') }));
      if (extra) tx.add(extra);
      tx.sign(keypair);
      return tx.serialize().toString('base64');
    },
  };
}

/** The body of POST /auth/authenticate: the server's Sign-In-With-Solana text for `input`, signed by the wallet. */
export function signInProof(wallet: TestWallet, input: SignInInput) {
  const message = createSignInMessageText(input);
  return { login: wallet.address, signature: wallet.signText(message), message };
}
