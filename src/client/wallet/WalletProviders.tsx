/**
 * Every wallet provider of the page in one file (model: anza-xyz/wallet-adapter
 * `packages/starter/example/src/components/ContextProvider.tsx`): the Connection on the endpoint the
 * payment environment selects, the wallet adapters (Wallet Standard wallets join by themselves, and
 * WalletProvider adds the mobile wallet adapter on mobile browsers), auto-connect under
 * localStorage `walletName`, the spec's error handling and the picker's open state.
 */

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Adapter, WalletError } from '@solana/wallet-adapter-base';
import { ConnectionProvider, WalletProvider, useWallet } from '@solana/wallet-adapter-react';
import { CoinbaseWalletAdapter } from '@solana/wallet-adapter-coinbase';
import { LedgerWalletAdapter, getDerivationPath } from '@solana/wallet-adapter-ledger';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import { STORAGE_KEYS } from '../../shared/constants';
import { accessTokenAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { endpointFor } from './endpoint';
import { PickerContext } from './pickerContext';
import { reportWalletError } from './walletErrors';

export function WalletProviders({
  environmentType,
  children,
}: {
  environmentType: string | null;
  children: ReactNode;
}) {
  const endpoint = useMemo(() => endpointFor(environmentType), [environmentType]);
  const wallets = useMemo(
    () => [
      new PhantomWalletAdapter(),
      new SolflareWalletAdapter(),
      new CoinbaseWalletAdapter(),
      // The default Solana derivation path, account 0, change 0 (docs/spec.md §9): 44'/501'/0'/0'.
      new LedgerWalletAdapter({ derivationPath: getDerivationPath(0, 0) }),
    ],
    [],
  );
  const forgetRef = useRef<() => void>(() => undefined);
  const onError = useCallback(
    (error: WalletError, adapter?: Adapter) =>
      reportWalletError(error, adapter, store.get(accessTokenAtom) !== null, () => forgetRef.current()),
    [],
  );
  const [open, setOpen] = useState(false);
  const picker = useMemo(() => ({ open, setOpen }), [open]);

  return (
    <ConnectionProvider endpoint={endpoint}>
      <WalletProvider wallets={wallets} autoConnect localStorageKey={STORAGE_KEYS.walletName} onError={onError}>
        <ForgetSelection forgetRef={forgetRef} />
        <PickerContext.Provider value={picker}>{children}</PickerContext.Provider>
      </WalletProvider>
    </ConnectionProvider>
  );
}

/** Gives the error handler, which sits above WalletProvider, a way to clear the selection. */
function ForgetSelection({ forgetRef }: { forgetRef: { current: () => void } }) {
  const { select } = useWallet();
  useEffect(() => {
    forgetRef.current = () => select(null);
  }, [forgetRef, select]);
  return null;
}
