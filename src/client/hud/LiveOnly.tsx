/** Parts that load as their own chunk, rendered on the live page only. */

import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * `children` (a lazy part) once the page is live: not in the build's prerendered shell, and not in
 * the render that hydrates it (React then renders them right after, with nothing to match), so a
 * part still loading never stands in the shell's place. Nothing shows while it loads.
 */
export function LiveOnly({ children }: { children: ReactNode }) {
  const live = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return live ? <Suspense fallback={null}>{children}</Suspense> : null;
}
