/**
 * The wallet picker 'Connect Wallet' (docs/spec.md §2): installed wallets first and marked 'Detected', then
 * loadable, then not detected; the first 3 shown and 'More options' / 'Less options' for the rest.
 * Escape and a click on the overlay close it. Readiness is polled every 1000 ms by the adapters
 * themselves (wallet-adapter-base's detection), and the list follows their readyStateChange.
 */

import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { WalletReadyState } from '@solana/wallet-adapter-base';
import { useWallet, type Wallet } from '@solana/wallet-adapter-react';
import { FEATURED_WALLETS, orderWallets } from './pickerOrder';
import { usePicker } from './pickerContext';
import { notReady } from './walletErrors';
import { useT } from '../i18n/i18n';

export function WalletPicker() {
  const t = useT();
  const { open, setOpen } = usePicker();
  const { wallets, select } = useWallet();
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>('button')?.focus();
    // Capture phase, so Escape closes only the picker and not the profile modal under it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      previous?.focus();
    };
  }, [open, setOpen]);

  if (!open) return null;
  const ordered = orderWallets(wallets);
  const shown = expanded ? ordered : ordered.slice(0, FEATURED_WALLETS);

  const pick = (wallet: Wallet) => {
    setOpen(false);
    if (wallet.readyState === WalletReadyState.Installed || wallet.readyState === WalletReadyState.Loadable)
      select(wallet.adapter.name);
    else notReady(wallet.adapter);
  };

  return createPortal(
    <div
      className="wallet-picker-overlay"
      onMouseDown={(event) => event.target === event.currentTarget && setOpen(false)}
    >
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} className="wallet-picker">
        <div className="wallet-picker-head">
          <h2 id={titleId}>{t('wallet.pickerTitle')}</h2>
          <button
            type="button"
            className="wallet-picker-close"
            aria-label={t('common.close')}
            onClick={() => setOpen(false)}
          >
            ✕
          </button>
        </div>
        <ul className="wallet-picker-list">
          {shown.map((wallet) => (
            <li key={wallet.adapter.name}>
              <button type="button" className="wallet-picker-item" onClick={() => pick(wallet)}>
                <img src={wallet.adapter.icon} alt="" width={28} height={28} />
                <span className="wallet-picker-name">{wallet.adapter.name}</span>
                {wallet.readyState === WalletReadyState.Installed && (
                  <span className="wallet-picker-detected">{t('wallet.detected')}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {ordered.length > FEATURED_WALLETS && (
          <button type="button" className="wallet-picker-more" onClick={() => setExpanded(!expanded)}>
            {expanded ? t('wallet.lessOptions') : t('wallet.moreOptions')}
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}
