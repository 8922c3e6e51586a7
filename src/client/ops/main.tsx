/**
 * The operator's console at /ops (docs/ops.md): its own entry in the build, so players never load
 * it. It shares only the pixel kit, the theme and the shared code with the game page.
 */

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OpsApp } from './OpsApp';
import '../theme.css';
import './ops.css';

createRoot(document.getElementById('ops-root')!).render(
  <StrictMode>
    <OpsApp />
  </StrictMode>,
);
