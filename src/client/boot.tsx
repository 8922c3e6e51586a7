/** The page's code: main.tsx imports it once the browser shows the prerendered shell. */

import { startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { languageOfVisit, showLanguage } from './i18n/i18n';
import { startSound } from './audio';
import { connectGame } from './game/connect';
import { Providers } from './providers';
import { startWebglWarmup } from './stage/webglWarmup';

const container = document.getElementById('root')!;

/**
 * The build's prerendered shell (scripts/prerenderShell.ts) takes no presses while it is marked
 * `data-shell` (styles.css): its buttons have no handlers yet, so a press would be lost. React's
 * first commit replaces it in the same places and lifts the mark.
 */
function ShellReplaced() {
  useLayoutEffect(() => container.removeAttribute('data-shell'), []);
  return null;
}

/**
 * The first render runs as a transition, which React renders in slices of a few milliseconds: the
 * main thread of a slow phone never stays blocked through the whole HUD's render. Another language
 * than English renders once its catalogue has loaded (its own small chunk), so the page never shows
 * English and then switches; until then the English shell stays (docs/hud.md "Languages").
 */
function renderPage(): void {
  const root = createRoot(container);
  const render = () =>
    startTransition(() =>
      root.render(
        <Providers>
          <ShellReplaced />
          <App />
        </Providers>,
      ),
    );
  const language = languageOfVisit();
  if (language === 'en') render();
  else void showLanguage(language).finally(render);
}

// Each step is a task of its own, after the one that evaluated this code: none of them holds a
// slow phone's main thread for long (docs/benchmarks/lighthouse.md). The network goes first.
for (const step of [connectGame, startSound, startWebglWarmup, renderPage]) setTimeout(step);
