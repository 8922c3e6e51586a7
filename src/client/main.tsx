import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { languageOfVisit, showLanguage } from './i18n/i18n';
import { startSound } from './audio';
import { connectGame } from './net/connect';
import { Providers } from './providers';
import './styles.css';

connectGame();
startSound();

// No <StrictMode> around the whole page: its development remount destroys @pixi/react 8's
// Application without initialising a new one (pixijs/pixi-react#602, #613). HUD subtrees may
// wrap themselves in <StrictMode>.
// The first commit is synchronous: it replaces the build's prerendered shell (scripts/prerenderShell.ts)
// before DOMContentLoaded, so no press ever lands on a shell button that has no handler yet.
// Another language than English renders once its catalogue has loaded (its own small chunk), so the
// page never shows English and then switches; until then the English shell stays (docs/hud.md "Languages").
const root = createRoot(document.getElementById('root')!);
const render = () =>
  flushSync(() =>
    root.render(
      <Providers>
        <App />
      </Providers>,
    ),
  );
const language = languageOfVisit();
if (language === 'en') render();
else void showLanguage(language).finally(render);
