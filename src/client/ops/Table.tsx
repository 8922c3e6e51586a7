/** A plain data table that scrolls sideways on a phone rather than squeezing its columns. */

import type { ReactNode } from 'react';

interface TableProps {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  /** Shown instead of an empty table. */
  empty?: string;
}

export function Table({ caption, head, rows, empty = 'None yet.' }: TableProps) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <div className="ops-table-wrap" tabIndex={0} role="region" aria-label={`${caption} table`}>
      <table className="ops-table">
        <thead>
          <tr>
            {head.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, row) => (
            <tr key={row}>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
