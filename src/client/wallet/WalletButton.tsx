/**
 * The wallet button (docs/spec.md §2): 'Select Wallet' opens the picker; a chosen wallet that is not
 * connected offers 'Connect'; a connected one shows its short address and opens the dropdown
 * 'Copy address' ('Copied' after), 'Change wallet', 'Disconnect'.
 */

import { useEffect, useRef, useState } from 'react';
import { useWallet } from '@solana/wallet-adapter-react';
import { Button } from '../pixel';
import { usePicker } from './pickerContext';
import { useT } from '../i18n/i18n';

/** How long 'Copied' stays. */
const COPIED_MS = 1500;

const shortAddress = (address: string) => `${address.slice(0, 4)}..${address.slice(-4)}`;

export function WalletButton() {
  const t = useT();
  const { wallet, publicKey, connecting, connected, connect, disconnect } = useWallet();
  const { setOpen: openPicker } = usePicker();
  const [menu, setMenu] = useState(false);
  const [copied, setCopied] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const address = publicKey?.toBase58() ?? null;

  useEffect(() => {
    if (!menu) return;
    const outside = (event: MouseEvent) => root.current?.contains(event.target as Node) || setMenu(false);
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setMenu(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape, true);
    };
  }, [menu]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const label = connecting
    ? t('wallet.connecting')
    : address && connected
      ? shortAddress(address)
      : wallet
        ? t('wallet.connect')
        : t('wallet.select');

  const onClick = () => {
    if (connected) setMenu(!menu);
    else if (wallet) connect().catch(() => undefined);
    else openPicker(true);
  };

  const copy = async () => {
    if (!address) return;
    await navigator.clipboard.writeText(address).catch(() => undefined);
    setCopied(true);
  };

  /** A menu entry that closes the menu, then acts. */
  const closeThen = (act: () => unknown) => () => {
    setMenu(false);
    act();
  };

  return (
    <div className="wallet-button-root" ref={root}>
      <Button
        color="purple"
        className="wallet-button"
        aria-haspopup={connected ? 'menu' : 'dialog'}
        aria-expanded={connected ? menu : undefined}
        disabled={connecting}
        onClick={onClick}
        title={address ?? undefined}
      >
        {wallet && <img src={wallet.adapter.icon} alt="" width={20} height={20} />}
        <span>{label}</span>
      </Button>
      {menu && (
        <ul className="wallet-menu" role="menu">
          <li role="none">
            <button type="button" role="menuitem" onClick={() => void copy()}>
              {copied ? t('wallet.copied') : t('wallet.copyAddress')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={closeThen(() => openPicker(true))}>
              {t('wallet.changeWallet')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={closeThen(() => disconnect().catch(() => undefined))}>
              {t('wallet.disconnect')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
