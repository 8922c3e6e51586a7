// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  WalletConnectionError,
  WalletDisconnectedError,
  WalletNotReadyError,
  WalletSignMessageError,
} from '@solana/wallet-adapter-base';
import { notInstalledAlert, reportWalletError } from '../../../src/client/wallet/walletErrors';

describe('wallet errors (docs/spec.md §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  const spies = () => ({
    info: vi.spyOn(console, 'info').mockImplementation(() => undefined),
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
    alert: vi.spyOn(window, 'alert').mockImplementation(() => undefined),
    forget: vi.fn(),
  });

  it('only logs a disconnected error: no alert, the wallet is not forgotten', () => {
    const s = spies();
    reportWalletError(new WalletDisconnectedError(), undefined, false, s.forget);
    expect(s.info).toHaveBeenCalledOnce();
    expect([s.error, s.alert, s.forget].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
  });

  it('alerts the exact text for a wallet that is not installed', () => {
    const s = spies();
    reportWalletError(new WalletNotReadyError(), undefined, true, s.forget);
    expect(s.alert).toHaveBeenCalledWith(
      'The plugin for this wallet is not installed. Please install the plugin and try again.',
    );
    expect(notInstalledAlert()).toBe(s.alert.mock.calls[0]![0]);
    expect(s.forget).not.toHaveBeenCalled();
  });

  it('logs other errors and, signed out, forgets a wallet that failed to connect but not one that refused to sign', () => {
    const s = spies();
    reportWalletError(new WalletConnectionError('refused'), undefined, false, s.forget);
    expect(s.forget).toHaveBeenCalledOnce();
    reportWalletError(new WalletSignMessageError('rejected'), undefined, false, s.forget);
    expect(s.forget).toHaveBeenCalledOnce();
    expect(s.error).toHaveBeenCalledTimes(2);
    expect(s.alert).not.toHaveBeenCalled();
  });
});
