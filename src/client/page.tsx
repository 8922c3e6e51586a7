/** The page's React tree: the providers around the HUD (App), over the prerendered shell in `shell`. */

import { useLayoutEffect } from 'react';
import { App } from './App';
import { Providers } from './providers';

/**
 * The build's prerendered shell (scripts/prerenderShell.ts) takes no presses while it is marked
 * `data-shell` (styles.css): its buttons have no handlers yet, so a press would be lost. React's
 * first commit replaces it in the same places and lifts the mark.
 */
function ShellReplaced({ shell }: { shell: Element }) {
  useLayoutEffect(() => shell.removeAttribute('data-shell'), [shell]);
  return null;
}

export function Page({ shell }: { shell: Element }) {
  return (
    <Providers>
      <ShellReplaced shell={shell} />
      <App />
    </Providers>
  );
}
