/**
 * The page's code: main.tsx imports it once the browser shows the prerendered shell. It evaluates
 * the code a part at a time, each part its own chunk (scripts/bootChunk.ts) evaluated in a task of
 * its own, so no task holds a slow phone's main thread through the whole page's code
 * (docs/benchmarks/lighthouse.md "Boot in parts"). Then each start step and the first render run
 * in tasks of their own too.
 */

import { startTransition } from 'react';

const shell = document.getElementById('root')!;

/** Resolves in a task of its own: the browser has the main thread in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** A part of the page's code, its modules evaluated in a task of their own. */
async function evaluate<T>(load: () => Promise<T>): Promise<T> {
  await nextTask();
  return load();
}

async function boot(): Promise<void> {
  // The parts, in the order they evaluate; each holds what the earlier ones did not reach.
  const { createRoot } = await evaluate(() => import('react-dom/client'));
  const { languageOfVisit, showLanguage } = await evaluate(() => import('./i18n/i18n'));
  await evaluate(() => import('../shared/wire/events'));
  const { startSteps } = await evaluate(() => import('./steps'));
  const { Page } = await evaluate(() => import('./page'));
  for (const step of startSteps) {
    await nextTask();
    step();
  }
  await nextTask();
  // The first render runs as a transition, which React renders in slices of a few milliseconds.
  // Another language than English renders once its catalogue has loaded (its own small chunk), so
  // the page never shows English and then switches; until then the English shell stays (docs/hud.md "Languages").
  const root = createRoot(shell);
  const render = () => startTransition(() => root.render(<Page shell={shell} />));
  const language = languageOfVisit();
  if (language === 'en') render();
  else void showLanguage(language).finally(render);
}

void boot();
