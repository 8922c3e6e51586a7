/** "Newer" and "Older" over a cursor-paged list (`before`/`next` in docs/ops.md). */

import { Button } from '../pixel';

interface PagerProps {
  /** The cursors of the pages before this one; empty on the first. */
  trail: string[];
  next: string | null;
  onMove(trail: string[]): void;
}

export function Pager({ trail, next, onMove }: PagerProps) {
  return (
    <div className="ops-row">
      <Button color="gray" disabled={trail.length === 0} onClick={() => onMove(trail.slice(0, -1))}>
        Newer
      </Button>
      <Button color="gray" disabled={next === null} onClick={() => next && onMove([...trail, next])}>
        Older
      </Button>
    </div>
  );
}
