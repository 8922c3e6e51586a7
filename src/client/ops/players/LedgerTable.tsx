/** A player's ledger, newest first, with the balance after each row; paged by cursor. */

import { useState } from 'react';
import { opsGet } from '../api';
import { formatAt, formatCoins } from '../format';
import { Pager } from '../Pager';
import { Table } from '../Table';
import { useLoad } from '../../useLoad';

const PAGE = 25;

export function LedgerTable({ playerId }: { playerId: string }) {
  const [trail, setTrail] = useState<string[]>([]);
  const before = trail.at(-1);
  const [page] = useLoad(
    () => opsGet('players/:id/ledger', { params: { id: playerId }, query: { before, limit: PAGE } }),
    [playerId, before],
  );
  if (page.state === 'loading') return <p role="status">Loading…</p>;
  if (page.state === 'failed')
    return (
      <p className="ops-error" role="alert">
        {page.message}
      </p>
    );
  return (
    <>
      <Table
        caption="Ledger"
        head={['Time', 'Kind', 'Amount', 'Balance', 'Reference']}
        rows={page.value.items.map((row) => [
          formatAt(row.at),
          row.kind,
          <span key="amount" className={row.amount < 0 ? 'ops-loss' : 'ops-gain'}>
            {row.amount > 0 ? '+' : ''}
            {formatCoins(row.amount)}
          </span>,
          formatCoins(row.balance),
          row.ref ?? '—',
        ])}
      />
      <Pager trail={trail} next={page.value.next} onMove={setTrail} />
    </>
  );
}
