/** Where the wallet chunk draws its part of the profile modal; showing it asks for that chunk (docs/wallets.md "The wallet chunk"). */

import { useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { walletSlotAtom, walletWantedAtom } from '../../state/walletAtom';

export function WalletSlot() {
  const setWanted = useSetAtom(walletWantedAtom);
  const setSlot = useSetAtom(walletSlotAtom);
  useEffect(() => setWanted(true), [setWanted]);
  const keep = useCallback(
    (element: HTMLDivElement | null) => {
      setSlot(element);
      return () => setSlot(null);
    },
    [setSlot],
  );
  return <div className="wallet-slot" ref={keep} />;
}
