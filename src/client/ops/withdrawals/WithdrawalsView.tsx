/**
 * Withdrawal review (docs/ops.md "Withdrawal review"): withdrawals held above the review threshold
 * wait here for an admin's approve or reject (with a reason the player sees). Above the second
 * threshold one approval is not enough: a different admin must approve as well.
 */

import { Chip } from '../../pixel';
import { opsGet, opsPost } from '../api';
import type { OpsConfig, OpsSession, OpsWithdrawal } from '../../../shared/ops';
import { useConfig } from '../config';
import { formatAt, formatCoins, shorten } from '../format';
import { ReviewActions } from '../ReviewActions';
import { ReviewList } from '../ReviewList';
import { Signature } from '../Signature';

/** `review` is the live count held for review: the list loads again when it changes. */
export function WithdrawalsView({ session, review }: { session: OpsSession; review: number | undefined }) {
  const config = useConfig();
  return (
    <ReviewList
      title="Withdrawals"
      queue={{ status: 'review', label: 'Held for review', empty: 'wait for review' }}
      noun="withdrawals"
      load={(query) => opsGet('withdrawals', { query })}
      reloadOn={review}
      hint={
        config?.reviewAbove != null && (
          <p className="ops-hint">
            Held once a player&apos;s withdrawals pass {formatCoins(config.reviewAbove)} coins in 24 hours
            {config.secondApprovalAbove != null &&
              `; a second admin approves above ${formatCoins(config.secondApprovalAbove)}`}
            .
          </p>
        )
      }
      card={(item, reload) => (
        <WithdrawalCard key={item.id} item={item} config={config} me={session.email} onDone={reload} />
      )}
    />
  );
}

interface CardProps {
  item: OpsWithdrawal;
  config: OpsConfig | null;
  me: string;
  onDone(): void;
}

function WithdrawalCard({ item, config, me, onDone }: CardProps) {
  const held = item.status === 'review';
  // Above the second threshold two different admins approve.
  const twoNeeded = held && config?.secondApprovalAbove != null && item.amount > config.secondApprovalAbove;
  // An approver waits for a different admin; once it has the approvals it needs, pressing again
  // retries a signing that failed (the row stays in review, approved).
  const approvedByMe = item.approvals.some((approval) => approval.by === me);
  const waitsForOther = approvedByMe && item.approvals.length < (twoNeeded ? 2 : 1);
  return (
    <li className="ops-card" aria-label={`Withdrawal ${item.id}`}>
      <div className="ops-card-head">
        <strong>{formatCoins(item.amount)} coins</strong>
        <Chip color={held ? 'yellow' : 'gray'}>{item.status}</Chip>
        {twoNeeded && (
          <Chip color="orange">{item.approvals.length === 0 ? 'Needs two approvals' : 'Needs second approval'}</Chip>
        )}
      </div>
      <p className="ops-card-line">
        <span title={item.wallet ?? undefined}>{item.wallet ? shorten(item.wallet) : 'no wallet'}</span> · player{' '}
        {shorten(item.accountId)} · {formatAt(item.createdAt)}
      </p>
      {item.reviewReason && <p className="ops-card-line">Held: {item.reviewReason}</p>}
      {item.approvals.length > 0 && (
        <p className="ops-card-line">
          Approved by {item.approvals.map((approval) => `${approval.by} (${formatAt(approval.at)})`).join(', ')}
        </p>
      )}
      <p className="ops-card-line">
        Transaction: <Signature config={config} signature={item.signature} />
      </p>
      {held && (
        <ReviewActions
          approveBlocked={waitsForOther ? 'You approved it: a different admin must approve too' : null}
          approve={() => opsPost('withdrawals/:id/approve', undefined, { params: { id: item.id } })}
          reject={(reason) => opsPost('withdrawals/:id/reject', { reason }, { params: { id: item.id } })}
          rejectTitle="Reject the withdrawal"
          onDone={onDone}
        >
          <p>{formatCoins(item.amount)} coins go back to the player&apos;s balance; the player sees your reason.</p>
        </ReviewActions>
      )}
    </li>
  );
}
