/** The page's code: main.tsx imports it once the browser shows the prerendered shell. */

import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { languageOfVisit, showLanguage } from './i18n/i18n';
import { startSound } from './audio';
import { connectGame } from './game/connect';
import { Page } from './Page';
import { storageIsEmpty } from './state/storage';
import { startWebglWarmup } from './stage/webglWarmup';

const container = document.getElementById('root')!;

/**
 * The page's first render: as a transition, which React renders in slices of a few milliseconds,
 * so the main thread of a slow phone never stays blocked through the whole HUD's render.
 */
function renderPage(): void {
  const language = languageOfVisit();
  if (language === 'en' && storageIsEmpty()) {
    // A first visit renders exactly what the build prerendered (shell.tsx renders the same Page
    // with nothing stored): React adopts the shell's elements instead of building the HUD's DOM again.
    startTransition(() => void hydrateRoot(container, <Page />));
    return;
  }
  // A player with something stored (a session, sound off, a filter) or another language renders
  // differently from the shell: React replaces it, in the same places. Another language renders
  // once its catalogue has loaded (its own small chunk), so the page never shows English and then
  // switches; until then the English shell stays (docs/hud.md "Languages").
  const root = createRoot(container);
  const render = () => startTransition(() => root.render(<Page />));
  if (language === 'en') render();
  else void showLanguage(language).finally(render);
}

// Each step is a task of its own, after the one that evaluated this code: none of them holds a
// slow phone's main thread for long (docs/benchmarks/lighthouse.md). The network goes first.
for (const step of [connectGame, startSound, startWebglWarmup, renderPage]) setTimeout(step);
