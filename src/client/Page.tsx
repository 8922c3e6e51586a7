/**
 * The whole page as React renders it. The build renders this same tree into index.html
 * (shell.tsx), and a first visit's page hydrates that HTML instead of replacing it (boot.tsx), so
 * the two must stay one tree: the same components in the same places give the same `useId`s.
 */

import { useLayoutEffect } from 'react';
import { App } from './App';
import { Providers } from './providers';

/**
 * The prerendered shell takes no presses while #root is marked `data-shell` (styles.css): its
 * buttons have no handlers yet, so a press would be lost. React's first commit lifts the mark.
 */
function ShellLive() {
  useLayoutEffect(() => document.getElementById('root')?.removeAttribute('data-shell'), []);
  return null;
}

export function Page() {
  return (
    <Providers>
      <ShellLive />
      <App />
    </Providers>
  );
}
