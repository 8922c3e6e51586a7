/**
 * What an admin may do to a player, each behind a confirm dialog with a reason: block (the player
 * can still sign in, look and withdraw, but not bet or deposit), unblock, and a manual credit or
 * debit, which the dialog shows with the balance it leaves (a credit above the four-eyes threshold
 * then waits for a second admin in the Credits view).
 */

import { useId, useState } from 'react';
import { opsPost } from '../api';
import type { OpsPlayerFile } from '../../../shared/ops';
import { formatCoins, signedHundredths } from '../format';
import { ReasonDialog } from '../ReasonDialog';
import { useConfig } from '../config';
import { ActionButton } from '../role';

type Action = 'block' | 'unblock' | 'adjust';
type Asking = Action | null;
/** POST /ops/players/:id/<action>'s body: the reason, and the adjustment's amount in hundredths. */
type ActionBody = { reason: string; amount?: number };

export function PlayerActions({ player, onChanged }: { player: OpsPlayerFile; onChanged(): void }) {
  const [asking, setAsking] = useState<Asking>(null);
  const close = () => setAsking(null);
  const act = (action: Action, body: ActionBody) =>
    opsPost(`players/:id/${action}`, body, { params: { id: player.id } }).then(onChanged);
  return (
    <div className="ops-row">
      {player.blocked ? (
        <ActionButton color="green" onClick={() => setAsking('unblock')}>
          Unblock
        </ActionButton>
      ) : (
        <ActionButton color="red" onClick={() => setAsking('block')}>
          Block
        </ActionButton>
      )}
      <ActionButton color="purple" onClick={() => setAsking('adjust')}>
        Credit or debit
      </ActionButton>
      {asking === 'block' && (
        <ReasonDialog
          title="Block the player"
          confirmLabel="Block"
          onClose={close}
          onConfirm={(reason) => act('block', { reason })}
        >
          <p>They can still sign in, look and withdraw, but cannot bet or deposit until unblocked.</p>
        </ReasonDialog>
      )}
      {asking === 'unblock' && (
        <ReasonDialog
          title="Unblock the player"
          confirmLabel="Unblock"
          onClose={close}
          onConfirm={(reason) => act('unblock', { reason })}
        />
      )}
      {asking === 'adjust' && <AdjustDialog balance={player.balance} onClose={close} onConfirm={act} />}
    </div>
  );
}

interface AdjustProps {
  balance: number;
  onClose(): void;
  onConfirm(action: 'adjust', body: ActionBody): Promise<void>;
}

function AdjustDialog({ balance, onClose, onConfirm }: AdjustProps) {
  const [text, setText] = useState('');
  const id = useId();
  // Typed in coins, sent and shown in hundredths like the balance.
  const amount = signedHundredths(text);
  const config = useConfig();
  const after = amount === null ? null : balance + amount;
  return (
    <ReasonDialog
      title="Credit or debit"
      confirmLabel={amount !== null && amount < 0 ? 'Debit' : 'Credit'}
      ready={after !== null && after >= 0}
      onClose={onClose}
      // ReasonDialog confirms only when ready, so with an amount.
      onConfirm={(reason) => onConfirm('adjust', { amount: amount!, reason })}
    >
      <label className="ops-field" htmlFor={id}>
        <span className="ops-label">Coins, up to two decimals (negative to debit)</span>
        <input
          id={id}
          className="ops-input"
          inputMode="decimal"
          data-autofocus=""
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <p role="status">
        Balance now {formatCoins(balance)}
        {after !== null && (
          <>
            ; after: <strong>{formatCoins(after)}</strong>
            {after < 0 && ' (cannot go below zero)'}
          </>
        )}
      </p>
      {config && amount !== null && amount > config.creditApprovalAbove && (
        <p className="ops-hint">
          Above {formatCoins(config.creditApprovalAbove)} coins the credit waits for a second admin (Credits view).
        </p>
      )}
    </ReasonDialog>
  );
}
