/** A panel of named figures: a titled pixel box over a definition list. */

import type { ReactNode } from 'react';
import { Box } from '../pixel';

export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`ops-panel ${className ?? ''}`} aria-label={title}>
      <Box className="ops-panel-box">
        <h2 className="ops-panel-title">{title}</h2>
        {children}
      </Box>
    </section>
  );
}

export function Stats({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="ops-stats">
      {items.map(([name, value]) => (
        <div key={name} className="ops-stat">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
