import { describe, expect, it } from 'vitest';
import { endpointFor } from '../../../src/client/wallet/endpoint';
import { FEATURED_WALLETS, orderWallets } from '../../../src/client/wallet/pickerOrder';
import { WalletReadyState } from '@solana/wallet-adapter-base';
import { clusterApiUrl } from '@solana/web3.js';

describe('the chain endpoint of the payment environment (docs/spec.md §7 and its decisions on the open points)', () => {
  it('follows the type: main, test, devnet; local is the game server itself; anything else devnet', () => {
    expect(endpointFor('main')).toBe(clusterApiUrl('mainnet-beta'));
    expect(endpointFor('test')).toBe(clusterApiUrl('testnet'));
    expect(endpointFor('devnet')).toBe(clusterApiUrl('devnet'));
    expect(endpointFor('local', 'http://localhost:8080')).toBe('http://localhost:8080');
    expect(endpointFor(undefined)).toBe(clusterApiUrl('devnet'));
    expect(endpointFor('xyz')).toBe(clusterApiUrl('devnet'));
  });
});

describe('the wallet picker order (docs/spec.md §2)', () => {
  it('lists installed, then loadable, then not detected wallets, each group in its own order, without unsupported ones', () => {
    const wallet = (name: string, readyState: WalletReadyState) => ({ name, readyState });
    const ordered = orderWallets([
      wallet('Phantom', WalletReadyState.NotDetected),
      wallet('Ledger', WalletReadyState.Loadable),
      wallet('Solflare', WalletReadyState.NotDetected),
      wallet('Old', WalletReadyState.Unsupported),
      wallet('Test wallet', WalletReadyState.Installed),
      wallet('MetaMask', WalletReadyState.Installed),
    ]);
    expect(ordered.map((w) => w.name)).toEqual(['Test wallet', 'MetaMask', 'Ledger', 'Phantom', 'Solflare']);
    expect(FEATURED_WALLETS).toBe(3);
  });
});
