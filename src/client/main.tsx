import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectGame } from './net/connect';
import { Providers } from './providers';
import { store } from './state/store';
import './styles.css';

connectGame(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
