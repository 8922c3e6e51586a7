/** A player's deposits or withdrawals, each with its chain signature linked to the explorer. */

import type { OpsConfig } from '../../../shared/ops';
import type { OpsPlayerFile } from '../../../shared/ops';
import { formatAt, formatCoins } from '../format';
import { Signature } from '../Signature';
import { Table } from '../Table';

/** A deposit or a withdrawal: the fields the two share. */
type Transfer = OpsPlayerFile['deposits'][number];

export function Transfers({ items, config }: { items: Transfer[]; config: OpsConfig | null }) {
  return (
    <Table
      caption="Transfers"
      head={['Time', 'Amount', 'Status', 'Transaction']}
      rows={items.map((item) => [
        formatAt(item.createdAt),
        formatCoins(item.amount),
        item.reason ? `${item.status}: ${item.reason}` : item.status,
        <Signature key="sig" config={config} signature={item.signature} />,
      ])}
    />
  );
}
