/**
 * The player's latest withdrawals under the Withdraw form (docs/ops.md "What players see"): one
 * held for an operator reads "Under review", one rejected or failed shows why and that the coins are back.
 */

import { useEffect, useState } from 'react';
import { formatCoins } from '../../shared/money';
import type { PlayerWithdrawal } from '../../shared/protocol';
import { getData } from '../net/api';
import { TEXT } from './messages';

/** How many the modal shows. */
const SHOWN = 5;

const STATUS_TEXT: Record<PlayerWithdrawal['status'], string> = {
  review: TEXT.underReview,
  pending: TEXT.withdrawalSending,
  confirmed: TEXT.withdrawalSent,
  failed: `${TEXT.withdrawalFailed} (${TEXT.coinsReturned})`,
};

/** A failed one says why in the server's words ("Rejected: <the operator's reason>"), and that the coins are back. */
function statusText(withdrawal: Pick<PlayerWithdrawal, 'status' | 'reason'>): string {
  if (withdrawal.status === 'failed' && withdrawal.reason) return `${withdrawal.reason} (${TEXT.coinsReturned})`;
  return STATUS_TEXT[withdrawal.status];
}

/** Loads again whenever `version` changes (after each withdrawal the form sends). */
export function WithdrawalList({ version }: { version: number }) {
  const [items, setItems] = useState<PlayerWithdrawal[]>([]);
  useEffect(() => {
    let live = true;
    getData<PlayerWithdrawal[]>('/payment/withdrawals').then(
      (list) => live && setItems(list.slice(0, SHOWN)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [version]);
  if (items.length === 0) return null;
  return (
    <ul className="wallet-withdrawals" aria-label="Your withdrawals">
      {items.map((item) => (
        <li key={item.id} className={`wallet-withdrawal wallet-withdrawal-${item.status}`}>
          <span>{formatCoins(item.amount)} coins</span>
          <span>{statusText(item)}</span>
        </li>
      ))}
    </ul>
  );
}
