/**
 * Every provider of the page in one place: the jotai store, the wallet providers, which load as
 * their own chunk only when wanted (docs/wallets.md "The wallet chunk"), and in test builds a Profiler that counts
 * React commits.
 */

import { Provider, useAtomValue } from 'jotai';
import { lazy, Profiler, Suspense, type ReactNode } from 'react';
import { testHooks } from './stage/testHooks';
import { store } from './state/store';
import { walletWantedAtom } from './state/walletAtom';

/** Wallet adapters, @solana/web3.js and the picker: loaded when the profile modal opens or a stored wallet auto-connects. */
const WalletRoot = lazy(() => import('./wallet/WalletRoot'));

function WalletOnDemand() {
  return useAtomValue(walletWantedAtom) ? (
    <Suspense fallback={null}>
      <WalletRoot />
    </Suspense>
  ) : null;
}

/** `vite build --mode test` only (vite.config.ts): the bundle `npm start` serves has no test hooks. */
const TEST_BUILD = import.meta.env.MODE === 'test';

/** Counts commits so a test can prove React does not render per frame (docs/architecture.md "From the server to the pixels"). */
function countCommit(): void {
  testHooks().commits += 1;
}

export function Providers({ children }: { children: ReactNode }) {
  const tree = (
    <Provider store={store}>
      {children}
      <WalletOnDemand />
    </Provider>
  );
  if (!TEST_BUILD) return tree;
  testHooks().store = store;
  return (
    <Profiler id="moonrush" onRender={countCommit}>
      {tree}
    </Profiler>
  );
}
