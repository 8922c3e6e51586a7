// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { StandardWalletAdapter } from '@solana/wallet-standard-wallet-adapter-base';
import { verifySignIn } from '@solana/wallet-standard-util';
import { keyFromJwk, newKeyJwk } from '../../../src/client/wallet/standard/ed25519Key';
import { KeyWallet } from '../../../src/client/wallet/standard/KeyWallet';

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+' as const;

async function wallet(onFirstConnect?: (address: string) => Promise<void>) {
  const key = await keyFromJwk(await newKeyJwk());
  return { key, wallet: new KeyWallet({ name: 'Test wallet', icon: ICON, loadKey: async () => key, onFirstConnect }) };
}

describe('the key wallet (Wallet Standard)', () => {
  it('works through the wallet adapter: connect once, sign messages, sign in with the exact SIWS text', async () => {
    const funded: string[] = [];
    const { key, wallet: standard } = await wallet(async (address) => void funded.push(address));
    const adapter = new StandardWalletAdapter({ wallet: standard });
    await adapter.connect();
    expect(adapter.publicKey?.toBase58()).toBe(key.address);
    await adapter.disconnect();
    await adapter.connect();
    expect(funded).toEqual([key.address]);

    const message = new TextEncoder().encode('hello');
    const signature = await adapter.signMessage!(message);
    expect(signature).toHaveLength(64);

    const input = {
      domain: 'localhost:8080',
      address: key.address,
      statement: 'Sign in to moonrush.',
      nonce: 'abcdefgh12',
      issuedAt: new Date().toISOString(),
    };
    const output = await adapter.signIn!(input);
    expect(verifySignIn(input, output)).toBe(true);
  });

  it('tells listeners of an account switch and of a change to no account', async () => {
    const { wallet: standard } = await wallet();
    const adapter = new StandardWalletAdapter({ wallet: standard });
    await adapter.connect();
    const next = await keyFromJwk(await newKeyJwk());
    standard.switchKey(next);
    expect(adapter.publicKey?.toBase58()).toBe(next.address);
    const errors: string[] = [];
    adapter.on('error', (error) => errors.push(error.name));
    standard.dropAccount();
    expect(adapter.connected).toBe(false);
    expect(errors).toEqual(['WalletDisconnectedError']);
  });
});
