/**
 * The JS a page loads before anything lazy: the entry script and its modulepreloads in index.html,
 * gzipped. The production build fails above the budget (docs/benchmarks/lighthouse.md), so a change
 * that pulls lazy code into the first load is seen when it is made; bench:frames prints the figure.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** KiB of gzip (level 9) over the initial scripts of the build in `dir`. */
export function initialJsGzipKib(dir: string): number {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  const bytes = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0);
  return bytes / 1024;
}

/** Fails `vite build` when the player page's initial JS is over `kib` KiB gzip. */
export function initialJsBudgetPlugin(kib: number): Plugin {
  let outDir = '';
  return {
    name: 'moonrush-initial-js-budget',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      // After the plugins that write index.html's final script and preload tags.
      order: 'post',
      handler() {
        const initial = initialJsGzipKib(outDir);
        if (initial > kib)
          throw new Error(`the page's initial JS is ${initial.toFixed(1)} KiB gzip, over its budget of ${kib} KiB`);
        this.info(`initial JS ${initial.toFixed(1)} KiB gzip (budget ${kib} KiB)`);
      },
    },
  };
}
