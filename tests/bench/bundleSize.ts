/** The JS a page loads before anything lazy: the entry script and its modulepreloads in index.html, gzipped. */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** KiB of gzip (level 9) over the initial scripts of the build in `dir`. */
export function initialJsGzipKib(dir: string): number {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  const bytes = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0);
  return bytes / 1024;
}
