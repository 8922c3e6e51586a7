/** A deposit or withdrawal form of the profile: an amount, what it comes to, and (for a deposit) the wallet's SOL and Max. */

import type { ReactNode } from 'react';
import { Button } from '../pixel';
import type { Message } from './messages';

interface AmountFormProps {
  title: string;
  unit: string;
  value: string;
  onChange(raw: string): void;
  busy: boolean;
  onSubmit(): void;
  message: Message | null;
  /** What the typed amount comes to in the other unit ('You get 50 coins'); null while nothing is typed. */
  yields: string | null;
  /** Beside the yield: the wallet's SOL and Max, for a deposit. */
  children?: ReactNode;
}

export function AmountForm({
  title,
  unit,
  value,
  onChange,
  busy,
  onSubmit,
  message,
  yields,
  children,
}: AmountFormProps) {
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
      <div className="wallet-amount-facts">
        <output className="wallet-yield" aria-live="polite">
          {yields}
        </output>
        {children}
      </div>
      <Notice message={message} />
    </form>
  );
}

export function Notice({ message }: { message: Message | null }) {
  if (!message) return null;
  return (
    <p className={`wallet-message wallet-message-${message.type}`} role={message.type === 'error' ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}
