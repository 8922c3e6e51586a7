/**
 * The wallet's part of the profile modal (docs/spec.md §2 modal 1). Signed out: the wallet button,
 * 'Change' once a wallet is connected, and 'Sign In'. Signed in: the wallet button and the Deposit
 * (SOL) and Withdraw (coins) sections. Every request shows its loading state and a typed message.
 */

import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useWallet } from '@solana/wallet-adapter-react';
import { DEPOSIT_MAX_SOL } from '../../shared/constants';
import { sanitizeAmountInput } from '../../shared/money';
import { Button } from '../hud/pixel';
import { paymentEnvironmentAtom } from '../state/paymentEnvironmentAtom';
import { profileAtom } from '../state/profileAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { deposit } from './depositFlow';
import type { Message } from './messages';
import { usePicker } from './pickerContext';
import { signInWithWallet } from './signInWithWallet';
import { useAction } from './useAction';
import { WalletButton } from './WalletButton';
import { WithdrawalList } from './WithdrawalList';
import { withdraw } from './withdrawFlow';
import { useT } from '../i18n/i18n';

export default function ProfileWallet() {
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  return signedIn ? <SignedIn /> : <SignedOut />;
}

function SignedOut() {
  const t = useT();
  const wallet = useWallet();
  const { setOpen: openPicker } = usePicker();
  const signIn = useAction();
  return (
    <div className="wallet-part">
      <div className="wallet-row">
        <WalletButton />
        {wallet.connected && (
          <Button color="gray" onClick={() => openPicker(true)}>
            {t('wallet.change')}
          </Button>
        )}
      </div>
      <Button
        color="green"
        aria-label={t('wallet.signInName')}
        loading={signIn.busy}
        onClick={() => void signIn.run(() => signInWithWallet(wallet))}
      >
        {t('wallet.signIn')}
      </Button>
      <Notice message={signIn.message} />
    </div>
  );
}

function SignedIn() {
  const t = useT();
  const wallet = useWallet();
  const { coinsPerSol } = useAtomValue(paymentEnvironmentAtom);
  const profile = useAtomValue(profileAtom);
  const [sol, setSol] = useState('');
  const [coins, setCoins] = useState('');
  const depositing = useAction();
  const withdrawing = useAction();
  // Bumped by each withdrawal, so the list under the form shows it.
  const [withdrawals, setWithdrawals] = useState(0);
  const payout = profile?.wallet ?? wallet.publicKey?.toBase58() ?? null;
  return (
    <div className="wallet-part">
      <div className="wallet-row">
        <WalletButton />
      </div>
      <AmountForm
        title={t('wallet.deposit')}
        unit="SOL"
        value={sol}
        onChange={(raw) => setSol(sanitizeAmountInput(raw, DEPOSIT_MAX_SOL))}
        busy={depositing.busy}
        onSubmit={() => void depositing.run(() => deposit(wallet, sol))}
        message={depositing.message}
      />
      <AmountForm
        title={t('wallet.withdraw')}
        unit={t('wallet.coins')}
        value={coins}
        onChange={(raw) => setCoins(sanitizeAmountInput(raw))}
        busy={withdrawing.busy}
        onSubmit={() =>
          void withdrawing.run(() => withdraw(coins, coinsPerSol, payout).finally(() => setWithdrawals((n) => n + 1)))
        }
        message={withdrawing.message}
      />
      <WithdrawalList version={withdrawals} />
    </div>
  );
}

interface AmountFormProps {
  title: string;
  unit: string;
  value: string;
  onChange(raw: string): void;
  busy: boolean;
  onSubmit(): void;
  message: Message | null;
}

function AmountForm({ title, unit, value, onChange, busy, onSubmit, message }: AmountFormProps) {
  return (
    <form
      className="wallet-amount"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h3>{title}</h3>
      <div className="wallet-row">
        <label className="wallet-input">
          <input
            inputMode="decimal"
            placeholder="0.00"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
          <span>{unit}</span>
        </label>
        <Button type="submit" color="orange" loading={busy}>
          {title}
        </Button>
      </div>
      <Notice message={message} />
    </form>
  );
}

function Notice({ message }: { message: Message | null }) {
  if (!message) return null;
  return (
    <p className={`wallet-message wallet-message-${message.type}`} role={message.type === 'error' ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}
