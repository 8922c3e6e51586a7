/** The SOL the signed-in player's wallet holds (GET /payment/wallet), asked again whenever the coin balance or `version` changes (a deposit paid, then credited). */

import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api } from '../net/api';
import { profileAtom } from '../state/profileAtom';

/** Lamports, or null while unknown (no wallet, or the chain did not answer). */
export function useWalletSol(version: unknown): bigint | null {
  const balance = useAtomValue(profileAtom)?.balanceAmount;
  const [lamports, setLamports] = useState<bigint | null>(null);
  useEffect(() => {
    let live = true;
    api.get('/payment/wallet').then(
      (answer) => live && setLamports(answer.lamports === null ? null : BigInt(answer.lamports)),
      () => live && setLamports(null),
    );
    return () => {
      live = false;
    };
  }, [balance, version]);
  return lamports;
}
