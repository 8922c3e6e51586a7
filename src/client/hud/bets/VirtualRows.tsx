/** A scrolling list that renders only the rows in view (@tanstack/react-virtual), so 500 bets stay cheap. */

import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

/** Row height in CSS px (bets.css keeps rows this tall). */
const ROW_HEIGHT = 30;

interface VirtualRowsProps<T> {
  items: readonly T[];
  keyOf(item: T): string;
  row(item: T): ReactNode;
  /** Makes rows buttons. */
  onPick?(item: T): void;
  empty: string;
  label: string;
}

export function VirtualRows<T>({ items, keyOf, row, onPick, empty, label }: VirtualRowsProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualiser keeps its own state outside React's rules; its results are read, never memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 300, height: 600 },
  });
  if (items.length === 0) return <p className="bets-empty">{empty}</p>;
  return (
    <div ref={scrollRef} className="bets-scroll" role="list" aria-label={label}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const item = items[virtual.index]!;
          const style = { transform: `translateY(${virtual.start}px)` };
          return onPick ? (
            <button
              key={keyOf(item)}
              type="button"
              role="listitem"
              className="bets-row bets-row-button"
              style={style}
              onClick={() => onPick(item)}
            >
              {row(item)}
            </button>
          ) : (
            <div key={keyOf(item)} role="listitem" className="bets-row" style={style}>
              {row(item)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
