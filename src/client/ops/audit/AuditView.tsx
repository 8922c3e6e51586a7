/**
 * The audit log (docs/ops.md "Audit"): every operator action, newest first, filtered by actor,
 * action or target; on the first page new rows arrive live from `/topic/ops/audit`.
 */

import { useId, useState } from 'react';
import { Button } from '../../pixel';
import { opsGet } from '../api';
import type { OpsAuditRow } from '../../../shared/ops';
import { formatAt } from '../format';
import { Pager } from '../Pager';
import { Panel } from '../Stats';
import { Table } from '../Table';
import { useLoad } from '../../useLoad';

const PAGE = 50;
const FILTERS = ['actor', 'action', 'target'] as const;
type Filter = Record<(typeof FILTERS)[number], string>;
const NO_FILTER: Filter = { actor: '', action: '', target: '' };

/** Whether a live row belongs in the filtered list (the server filters by exact value). */
const matches = (row: OpsAuditRow, filter: Filter) =>
  FILTERS.every((name) => !filter[name] || row[name] === filter[name]);

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AuditView({ live }: { live: OpsAuditRow[] }) {
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [trail, setTrail] = useState<string[]>([]);
  const before = trail.at(-1);
  const id = useId();
  const [page] = useLoad(
    () => opsGet('audit', { query: { ...nonEmpty(filter), before, limit: PAGE } }),
    [filter.actor, filter.action, filter.target, before],
  );
  const loaded = page.state === 'done' ? page.value.items : [];
  const known = new Set(loaded.map((row) => row.id));
  // Live rows newer than the first page's newest: shown on top of it, never on older pages.
  const fresh = trail.length === 0 ? live.filter((row) => !known.has(row.id) && matches(row, filter)) : [];
  return (
    <Panel title="Audit log" className="ops-wide">
      <form
        className="ops-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ actor: draft.actor.trim(), action: draft.action.trim(), target: draft.target.trim() });
          setTrail([]);
        }}
      >
        {FILTERS.map((name) => (
          <label key={name} className="ops-field" htmlFor={`${id}-${name}`}>
            <span className="ops-label">{name}</span>
            <input
              id={`${id}-${name}`}
              className="ops-input"
              value={draft[name]}
              onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
            />
          </label>
        ))}
        <Button type="submit" color="purple">
          Filter
        </Button>
      </form>
      {page.state === 'loading' && <p role="status">Loading…</p>}
      {page.state === 'failed' && (
        <p className="ops-error" role="alert">
          {page.message}
        </p>
      )}
      {page.state === 'done' && (
        <>
          <Table
            caption="Audit"
            empty="No audit rows match."
            head={['Time', 'Actor', 'Action', 'Target', 'Reason', 'Before', 'After', 'Address']}
            rows={[...fresh, ...loaded].map((row) => [
              formatAt(row.at),
              row.actor,
              row.action,
              row.target ?? '—',
              row.reason ?? '—',
              <code key="before">{show(row.before)}</code>,
              <code key="after">{show(row.after)}</code>,
              row.address ?? '—',
            ])}
          />
          <Pager trail={trail} next={page.value.next} onMove={setTrail} />
        </>
      )}
    </Panel>
  );
}

function nonEmpty(filter: Filter): Partial<Filter> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));
}
