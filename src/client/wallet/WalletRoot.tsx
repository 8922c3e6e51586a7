/**
 * The wallet chunk's root, loaded on demand (docs/wallets.md "The wallet chunk"): when the player opens the profile
 * modal or a stored `walletName` asks for auto-connect. It stays mounted from then on, so the
 * connection survives the modal closing, and renders the wallet's part of the profile modal into
 * the slot the modal keeps for it.
 */

import './bufferGlobal';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAtomValue } from 'jotai';
import { useWallet } from '@solana/wallet-adapter-react';
import { api } from '../net/api';
import { accessTokenAtom } from '../state/sessionAtom';
import { walletSlotAtom } from '../state/walletAtom';
import { registerDemoWallet } from './demoWallet';
import ProfileWallet from './ProfileWallet';
import { WalletPicker } from './WalletPicker';
import { WalletProviders } from './WalletProviders';
import './wallet.css';

/** How often to ask again for the environment when the server does not answer. */
const ENVIRONMENT_RETRY_MS = 5000;

export default function WalletRoot() {
  const type = useEnvironmentType();
  const slot = useAtomValue(walletSlotAtom);
  return (
    <WalletProviders environmentType={type}>
      <DisconnectOnSignOut />
      <WalletPicker />
      {slot && createPortal(<ProfileWallet />, slot)}
    </WalletProviders>
  );
}

/**
 * The payment environment's type, which picks the endpoint and whether the demo wallet exists. It
 * is asked here (a public call) because a signed-out player needs it to connect and sign in.
 */
function useEnvironmentType(): string | null {
  const [type, setType] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = () =>
      api.get('/payment/environment').then(
        (environment) => {
          if (stopped) return;
          if (environment.type === 'local') registerDemoWallet();
          setType(environment.type);
        },
        () => {
          if (!stopped) timer = setTimeout(ask, ENVIRONMENT_RETRY_MS);
        },
      );
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return type;
}

/** Logout (or a session that ends) disconnects the wallet, which forgets the stored wallet name. */
function DisconnectOnSignOut() {
  const token = useAtomValue(accessTokenAtom);
  const { connected, disconnect } = useWallet();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current !== null && token === null && connected) disconnect().catch(() => undefined);
    previous.current = token;
  }, [token, connected, disconnect]);
  return null;
}
