import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
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
const root = createRoot(document.getElementById('root')!);
flushSync(() =>
  root.render(
    <Providers>
      <App />
    </Providers>,
  ),
);
