import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startSound } from './audio';
import { connectGame } from './net/connect';
import { Providers } from './providers';
import { store } from './state/store';
import './styles.css';

connectGame(store);
startSound(store);

// No <StrictMode> around the whole page: its development remount destroys @pixi/react 8's
// Application without initialising a new one (pixijs/pixi-react#602, #613). HUD subtrees may
// wrap themselves in <StrictMode>.
createRoot(document.getElementById('root')!).render(
  <Providers>
    <App />
  </Providers>,
);
