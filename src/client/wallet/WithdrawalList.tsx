/**
 * The player's latest withdrawals under the Withdraw form (docs/ops.md "What players see"): one
 * held for an operator reads "Under review", one rejected or failed shows why and that the coins are back.
 */

import { useEffect, useState } from 'react';
import type { PlayerWithdrawal } from '../../shared/protocol';
import { formatCoins } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { api } from '../net/api';
import { TEXT } from './messages';

/** How many the modal shows. */
const SHOWN = 5;

/** Each status's text in the page's language as it is now. */
const statusTexts = (): Record<PlayerWithdrawal['status'], string> => ({
  review: TEXT.underReview,
  pending: TEXT.withdrawalSending,
  confirmed: TEXT.withdrawalSent,
  failed: `${TEXT.withdrawalFailed} (${TEXT.coinsReturned})`,
});

/** A failed one says why in the server's words ("Rejected: <the operator's reason>"), and that the coins are back. */
function statusText(withdrawal: Pick<PlayerWithdrawal, 'status' | 'reason'>): string {
  if (withdrawal.status === 'failed' && withdrawal.reason) return `${withdrawal.reason} (${TEXT.coinsReturned})`;
  return statusTexts()[withdrawal.status];
}

/** How often the list asks again while one of its withdrawals waits for an operator or the chain. */
const OPEN_POLL_MS = 3000;

/** A withdrawal whose status may still change. */
const open = (item: PlayerWithdrawal) => item.status === 'review' || item.status === 'pending';

/**
 * Loads again whenever `version` changes (after each withdrawal the form sends), and every few
 * seconds while one waits, so an operator's decision shows while the modal is open.
 */
export function WithdrawalList({ version }: { version: number }) {
  const t = useT();
  const [items, setItems] = useState<PlayerWithdrawal[]>([]);
  const [polls, setPolls] = useState(0);
  const waiting = items.some(open);
  useEffect(() => {
    let live = true;
    api.get('/payment/withdrawals').then(
      (list) => live && setItems(list.slice(0, SHOWN)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [version, polls]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setPolls((count) => count + 1), OPEN_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, items]);
  if (items.length === 0) return null;
  return (
    <ul className="wallet-withdrawals" aria-label={t('wallet.yourWithdrawals')}>
      {items.map((item) => (
        <li key={item.id} className={`wallet-withdrawal wallet-withdrawal-${item.status}`}>
          <span>
            {formatCoins(item.amount)} {t('wallet.coins')}
          </span>
          <span>{statusText(item)}</span>
        </li>
      ))}
    </ul>
  );
}
