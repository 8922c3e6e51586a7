/**
 * A Wallet Standard wallet over one key held in the page (item 7: the demo wallet; item 8: the
 * end-to-end suite's test wallet, injected before the page loads). It signs messages,
 * transactions (legacy and v0) and Sign-In-With-Solana inputs; the server submits deposits, so
 * it never sends anything itself.
 */

import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features';
import {
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignInFeature,
  type SolanaSignInInput,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { WalletKey } from './ed25519Key';
import { signTransactionBytes } from './signTransactionBytes';

const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const;
const ACCOUNT_FEATURES = [SolanaSignMessage, SolanaSignTransaction, SolanaSignIn] as const;

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignInFeature;

interface KeyWalletOptions {
  name: string;
  icon: WalletIcon;
  /** Gives the key on the first connect (read from storage, made, or handed in by a test). */
  loadKey: () => Promise<WalletKey>;
  /** Runs once after the first connect of this page (the demo wallet asks the faucet). */
  onFirstConnect?: (address: string) => Promise<void>;
  /** Told of every request by feature name (the test wallet counts them). */
  onRequest?: (feature: string) => void;
}

export class KeyWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly chains = CHAINS;
  readonly name: string;
  readonly icon: WalletIcon;
  readonly features: Features;
  #key: WalletKey | null = null;
  #account: WalletAccount | null = null;
  #connectedOnce = false;
  #changeListeners: StandardEventsListeners['change'][] = [];

  constructor(private readonly options: KeyWalletOptions) {
    this.name = options.name;
    this.icon = options.icon;
    this.features = {
      [StandardConnect]: { version: '1.0.0', connect: () => this.#connect() },
      [StandardDisconnect]: { version: '1.0.0', disconnect: async () => this.#setAccount(null) },
      [StandardEvents]: { version: '1.0.0', on: (event, listener) => this.#on(event, listener) },
      [SolanaSignMessage]: {
        version: '1.0.0',
        signMessage: (...inputs) =>
          this.#each(SolanaSignMessage, inputs, async (key, { message }) => ({
            signedMessage: message,
            signature: await key.sign(message),
          })),
      },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...inputs) =>
          this.#each(SolanaSignTransaction, inputs, async (key, { transaction }) => ({
            signedTransaction: await signTransactionBytes(transaction, key),
          })),
      },
      [SolanaSignIn]: {
        version: '1.0.0',
        signIn: async (...inputs) => {
          await this.#connect();
          return this.#each(SolanaSignIn, inputs, async (key, input: SolanaSignInInput) => {
            const text = createSignInMessageText({
              ...input,
              domain: input.domain ?? location.host,
              address: key.address,
            });
            const signedMessage = new TextEncoder().encode(text);
            return {
              account: this.#account!,
              signedMessage,
              signature: await key.sign(signedMessage),
              signatureType: 'ed25519' as const,
            };
          });
        },
      },
    };
  }

  get accounts(): readonly WalletAccount[] {
    return this.#account ? [this.#account] : [];
  }

  /** Another key takes the account's place, as when a player switches accounts in a wallet. */
  switchKey(key: WalletKey): void {
    this.#key = key;
    this.#setAccount(key);
  }

  /** The wallet drops its account, as when a player locks it or revokes the site. */
  dropAccount(): void {
    this.#setAccount(null);
  }

  async #connect() {
    this.options.onRequest?.(StandardConnect);
    if (!this.#account) {
      this.#key ??= await this.options.loadKey();
      this.#setAccount(this.#key);
      if (!this.#connectedOnce) {
        this.#connectedOnce = true;
        await this.options.onFirstConnect?.(this.#key.address);
      }
    }
    return { accounts: this.accounts };
  }

  #setAccount(key: WalletKey | null): void {
    this.#account = key
      ? { address: key.address, publicKey: key.publicKey, chains: CHAINS, features: ACCOUNT_FEATURES }
      : null;
    for (const listener of this.#changeListeners) listener({ accounts: this.accounts });
  }

  /** 'change' is the only event of standard:events. */
  #on(_event: 'change', listener: StandardEventsListeners['change']) {
    this.#changeListeners.push(listener);
    return () => {
      this.#changeListeners = this.#changeListeners.filter((existing) => existing !== listener);
    };
  }

  /** Runs `sign` for every input with the connected key; refuses when the player has not connected. */
  async #each<I, O>(
    feature: string,
    inputs: readonly I[],
    sign: (key: WalletKey, input: I) => Promise<O>,
  ): Promise<O[]> {
    this.options.onRequest?.(feature);
    const key = this.#key;
    if (!key || !this.#account) throw new Error('The wallet is not connected');
    for (const input of inputs) {
      const account = (input as { account?: WalletAccount }).account;
      if (account && account.address !== key.address) throw new Error('That account is not in this wallet');
    }
    return Promise.all(inputs.map((input) => sign(key, input)));
  }
}
