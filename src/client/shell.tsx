/**
 * The HUD as a first visit sees it before anything has loaded, rendered to HTML at build time
 * (scripts/prerenderShell.ts). Never imported by the page: boot.tsx renders the live HUD over it.
 */

import { Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { Hud } from './hud/Hud';
import { store } from './state/store';

export function renderShell(): string {
  return renderToStaticMarkup(
    <Provider store={store}>
      <Hud stage={null} />
    </Provider>,
  );
}
