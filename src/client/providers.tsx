/** Every provider of the page in one place: the jotai store, and a Profiler that counts React commits for tests. */

import { Provider } from 'jotai';
import { Profiler, type ReactNode } from 'react';
import { testHooks } from './stage/testHooks';
import { store } from './state/store';

/** Counts commits so a test can prove React does not render per frame (architecture §2). */
function countCommit(): void {
  testHooks().commits += 1;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <Profiler id="moonrush" onRender={countCommit}>
      <Provider store={store}>{children}</Provider>
    </Profiler>
  );
}
