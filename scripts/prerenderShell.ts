/**
 * The first paint comes from HTML and CSS: the build renders the page in its initial state
 * (src/client/shell.tsx renders src/client/Page.tsx, the tree the page renders: header, bet column,
 * history strip, the stage's frame with its loading bar, both bet panels) into index.html's #root,
 * so a phone on a slow network sees the page's frame before any JavaScript has run. A first visit's
 * page hydrates it (React adopts these elements); any other renders over it in the same places, so
 * nothing on the page moves. Until React's first commit #root carries `data-shell`, which keeps
 * presses off buttons that have no handlers yet (src/client/Page.tsx).
 */

import { createServer, type Plugin } from 'vite';

const ROOT = '<div id="root"></div>';

export function prerenderShellPlugin(): Plugin {
  return {
    name: 'moonrush-prerender-shell',
    apply: 'build',
    async transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error(`index.html has no ${ROOT} to render the shell into`);
      const vite = await createServer({
        configFile: false,
        server: { middlewareMode: true },
        appType: 'custom',
        logLevel: 'error',
      });
      try {
        const { renderShell } = (await vite.ssrLoadModule('/src/client/shell.tsx')) as { renderShell(): string };
        return html.replace(ROOT, `<div id="root" data-shell>${renderShell()}</div>`);
      } finally {
        await vite.close();
      }
    },
  };
}
