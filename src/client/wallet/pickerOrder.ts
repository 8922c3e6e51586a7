/** The wallet picker's order (docs/spec.md §2): installed first, then loadable, then not detected; unsupported ones hidden. */

import { WalletReadyState } from '@solana/wallet-adapter-base';

/** How many wallets the collapsed picker shows. */
export const FEATURED_WALLETS = 3;

const RANK: Partial<Record<WalletReadyState, number>> = {
  [WalletReadyState.Installed]: 0,
  [WalletReadyState.Loadable]: 1,
  [WalletReadyState.NotDetected]: 2,
};

/** A stable order by readiness, keeping each group's own order. */
export function orderWallets<W extends { readyState: WalletReadyState }>(wallets: readonly W[]): W[] {
  return wallets
    .filter((wallet) => RANK[wallet.readyState] !== undefined)
    .map((wallet, index) => ({ wallet, index }))
    .sort((a, b) => RANK[a.wallet.readyState]! - RANK[b.wallet.readyState]! || a.index - b.index)
    .map(({ wallet }) => wallet);
}
