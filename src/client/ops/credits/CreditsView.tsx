/**
 * Four eyes on manual credits (docs/ops.md "Four eyes"): credits above the threshold wait here for a
 * second, different admin's approval; any admin may reject one with a reason. The admin who asked
 * for a credit sees its Approve disabled: the server refuses it anyway.
 */

import { useState } from 'react';
import { Chip } from '../../hud/pixel';
import { opsGet, opsPost } from '../api';
import type { OpsManualCredit, OpsSession } from '../../../shared/ops';
import { useConfig } from '../config';
import { formatAt, formatCoins, shorten } from '../format';
import { Pager } from '../Pager';
import { ReviewActions } from '../ReviewActions';
import { Panel } from '../Stats';
import { useLoad } from '../../useLoad';

const PAGE = 25;
const STATUS_COLOR = { held: 'yellow', applied: 'green', rejected: 'gray' } as const;

/** `held` is the live count waiting for a second admin: the list loads again when it changes. */
export function CreditsView({ session, held }: { session: OpsSession; held: number | undefined }) {
  const config = useConfig();
  const [status, setStatus] = useState<'held' | 'all'>('held');
  const [trail, setTrail] = useState<string[]>([]);
  const before = trail.at(-1);
  const [list, reload] = useLoad(
    () => opsGet('credits', { query: { status, before, limit: PAGE } }),
    [status, before, held],
  );
  return (
    <Panel title="Manual credits" className="ops-wide">
      <label className="ops-field ops-inline">
        <span className="ops-label">Show</span>
        <select
          className="ops-input"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as 'held' | 'all');
            setTrail([]);
          }}
        >
          <option value="held">Waiting for a second admin</option>
          <option value="all">All</option>
        </select>
      </label>
      {config && (
        <p className="ops-hint">
          A second admin approves credits above {formatCoins(config.creditApprovalAbove)} coins; each admin credits at
          most {formatCoins(config.creditDailyCap)} coins in 24 hours.
        </p>
      )}
      {list.state === 'loading' && <p role="status">Loading…</p>}
      {list.state === 'failed' && (
        <p className="ops-error" role="alert">
          {list.message}
        </p>
      )}
      {list.state === 'done' && (
        <>
          {list.value.items.length === 0 ? (
            <p>No credits {status === 'held' ? 'wait for approval' : 'yet'}.</p>
          ) : (
            <ul className="ops-cards">
              {list.value.items.map((item) => (
                <CreditCard key={item.id} item={item} me={session.email} onDone={reload} />
              ))}
            </ul>
          )}
          <Pager trail={trail} next={list.value.next} onMove={setTrail} />
        </>
      )}
    </Panel>
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
