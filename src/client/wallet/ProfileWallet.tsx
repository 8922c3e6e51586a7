/**
 * The wallet's part of the profile modal (docs/spec.md §2 modal 1). Signed out: the wallet button,
 * 'Change' once a wallet is connected, and 'Sign In'. Signed in: the wallet button and the Deposit
 * (SOL) and Withdraw (coins) sections. Every request shows its loading state and a typed message.
 */

import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useWallet } from '@solana/wallet-adapter-react';
import { DEPOSIT_MAX_SOL } from '../../shared/constants';
import {
  coinsToHundredths,
  hundredthsToLamports,
  lamportsToHundredths,
  lamportsToSol,
  sanitizeAmountInput,
  solToLamports,
} from '../../shared/money';
import { depositMax } from '../../shared/paymentRules';
import { formatCoins, formatSol } from '../i18n/format';
import { Button } from '../pixel';
import { AmountForm, Notice } from './AmountForm';
import { paymentEnvironmentAtom } from '../state/paymentEnvironmentAtom';
import { profileAtom } from '../state/profileAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { deposit } from './depositFlow';
import { usePicker } from './pickerContext';
import { signInWithWallet } from './signInWithWallet';
import { useAction } from './useAction';
import { WalletButton } from './WalletButton';
import { WithdrawalList } from './WithdrawalList';
import { useWalletSol } from './useWalletSol';
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
  const held = useWalletSol(depositing.busy);
  const max = held === null ? null : depositMax(held);
  const depositLamports = sol === '' ? null : solToLamports(sol);
  const withdrawHundredths = coins === '' ? null : coinsToHundredths(coins);
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
        yields={
          depositLamports === null
            ? null
            : t('wallet.youGetCoins', { coins: formatCoins(lamportsToHundredths(depositLamports, coinsPerSol)) })
        }
      >
        {held !== null && (
          <span className="wallet-held">{t('wallet.walletHolds', { sol: formatSol(lamportsToSol(held)) })}</span>
        )}
        {max !== null && max > 0n && (
          <Button color="gray" aria-label={t('wallet.maxName')} onClick={() => setSol(String(lamportsToSol(max)))}>
            {t('wallet.max')}
          </Button>
        )}
      </AmountForm>
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
        yields={
          withdrawHundredths === null
            ? null
            : t('wallet.youGetSol', {
                sol: formatSol(lamportsToSol(hundredthsToLamports(BigInt(withdrawHundredths), coinsPerSol))),
              })
        }
      />
      <WithdrawalList version={withdrawals} />
    </div>
  );
}
