/**
 * A list of things held for review (withdrawals, manual credits): a filter between the queue and
 * everything, a hint of the thresholds, the cards one page at a time. The list loads again when the
 * filter, the page or the live count (`reloadOn`) changes.
 */

import { useState, type ReactNode } from 'react';
import { useLoad } from '../useLoad';
import { Pager } from './Pager';
import { Panel } from './Stats';

const PAGE = 25;

interface ReviewListProps<Queue extends string, Item extends { id: string }> {
  title: string;
  /** The status of the queue (the filter's first option), what it reads and what an empty queue says. */
  queue: { status: Queue; label: string; empty: string };
  /** The plural noun an empty list names ("No credits yet."). */
  noun: string;
  load(query: { status: Queue | 'all'; before: string | undefined; limit: number }): Promise<{
    items: Item[];
    next: string | null;
  }>;
  reloadOn: unknown;
  hint: ReactNode;
  card(item: Item, reload: () => void): ReactNode;
}

export function ReviewList<Queue extends string, Item extends { id: string }>(props: ReviewListProps<Queue, Item>) {
  const { title, queue, noun, load, reloadOn, hint, card } = props;
  const [status, setStatus] = useState<Queue | 'all'>(queue.status);
  const [trail, setTrail] = useState<string[]>([]);
  const before = trail.at(-1);
  const [list, reload] = useLoad(() => load({ status, before, limit: PAGE }), [status, before, reloadOn]);
  return (
    <Panel title={title} className="ops-wide">
      <label className="ops-field ops-inline">
        <span className="ops-label">Show</span>
        <select
          className="ops-input"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Queue | 'all');
            setTrail([]);
          }}
        >
          <option value={queue.status}>{queue.label}</option>
          <option value="all">All</option>
        </select>
      </label>
      {hint}
      {list.state === 'loading' && <p role="status">Loading…</p>}
      {list.state === 'failed' && (
        <p className="ops-error" role="alert">
          {list.message}
        </p>
      )}
      {list.state === 'done' && (
        <>
          {list.value.items.length === 0 ? (
            <p>
              No {noun} {status === 'all' ? 'yet' : queue.empty}.
            </p>
          ) : (
            <ul className="ops-cards">{list.value.items.map((item) => card(item, reload))}</ul>
          )}
          <Pager trail={trail} next={list.value.next} onMove={setTrail} />
        </>
      )}
    </Panel>
  );
}
