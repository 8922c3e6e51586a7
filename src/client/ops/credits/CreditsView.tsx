/**
 * Four eyes on manual credits (docs/ops.md "Four eyes"): credits above the threshold wait here for a
 * second, different admin's approval; any admin may reject one with a reason. The admin who asked
 * for a credit sees its Approve disabled: the server refuses it anyway.
 */

import { Chip } from '../../pixel';
import { opsGet, opsPost } from '../api';
import type { OpsManualCredit, OpsSession } from '../../../shared/ops';
import { useConfig } from '../config';
import { formatAt, formatCoins, shorten } from '../format';
import { ReviewActions } from '../ReviewActions';
import { ReviewList } from '../ReviewList';

const STATUS_COLOR = { held: 'yellow', applied: 'green', rejected: 'gray' } as const;

/** `held` is the live count waiting for a second admin: the list loads again when it changes. */
export function CreditsView({ session, held }: { session: OpsSession; held: number | undefined }) {
  const config = useConfig();
  return (
    <ReviewList
      title="Manual credits"
      queue={{ status: 'held', label: 'Waiting for a second admin', empty: 'wait for approval' }}
      noun="credits"
      load={(query) => opsGet('credits', { query })}
      reloadOn={held}
      hint={
        config && (
          <p className="ops-hint">
            A second admin approves credits above {formatCoins(config.creditApprovalAbove)} coins; each admin credits at
            most {formatCoins(config.creditDailyCap)} coins in 24 hours.
          </p>
        )
      }
      card={(item, reload) => <CreditCard key={item.id} item={item} me={session.email} onDone={reload} />}
    />
  );
}

function CreditCard({ item, me, onDone }: { item: OpsManualCredit; me: string; onDone(): void }) {
  const mine = item.requestedBy === me;
  return (
    <li className="ops-card" aria-label={`Credit ${item.id}`}>
      <div className="ops-card-head">
        <strong>{formatCoins(item.amount)} coins</strong>
        <Chip color={STATUS_COLOR[item.status]}>{item.status}</Chip>
      </div>
      <p className="ops-card-line">
        player {shorten(item.accountId)} · asked by {item.requestedBy} · {formatAt(item.requestedAt)}
      </p>
      <p className="ops-card-line">Reason: {item.reason}</p>
      {item.decidedBy && (
        <p className="ops-card-line">
          {item.status === 'rejected' ? 'Rejected' : 'Approved'} by {item.decidedBy} ({formatAt(item.decidedAt)})
          {item.decisionReason && `: ${item.decisionReason}`}
        </p>
      )}
      {item.status === 'held' && (
        <ReviewActions
          approveBlocked={mine ? 'You asked for it: a different admin must approve' : null}
          approve={() => opsPost('credits/:id/approve', undefined, { params: { id: item.id } })}
          reject={(reason) => opsPost('credits/:id/reject', { reason }, { params: { id: item.id } })}
          rejectTitle="Reject the credit"
          onDone={onDone}
        >
          <p>No coins move; the reason goes into the audit log.</p>
        </ReviewActions>
      )}
    </li>
  );
}
