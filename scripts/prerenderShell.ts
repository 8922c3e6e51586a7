/**
 * The first paint comes from HTML and CSS: the build renders the HUD in its initial state
 * (src/client/shell.tsx: header, bet column, history strip, the stage's frame with its loading bar,
 * both bet panels) into index.html's #root, so a phone on a slow network sees the page's frame
 * before any JavaScript has run. React's createRoot replaces it with the live HUD on its first
 * commit, in the same places, so nothing on the page moves. Until then #root carries `data-shell`,
 * which keeps presses off buttons that have no handlers yet (src/client/main.tsx).
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
