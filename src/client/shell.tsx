/**
 * The page as a first visit sees it before anything has loaded, rendered to HTML at build time
 * (scripts/prerenderShell.ts). Never imported by the page: boot.tsx hydrates it, or renders the
 * live page over it.
 */

import { renderToString } from 'react-dom/server';
import { Page } from './Page';

export function renderShell(): string {
  return renderToString(<Page />);
}
