/**
 * The pixel kit's tiles (sprites/ui/) go to the page as they are, never into an atlas: CSS
 * border-image needs one file per sheet. Dev serves them from sprites/ui/ (a replaced PNG shows on
 * reload); the build copies them to dist/ui/ under their own names, so the JS never changes with
 * the art and the server revalidates them on every load (src/server/http/staticClient.ts).
 */

import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Plugin } from 'vite';
import { UI_FOLDER } from '../src/client/pixel/tiles';

const SOURCE = join('sprites', UI_FOLDER);

export function uiTilesPlugin(): Plugin {
  return {
    name: 'moonrush-ui-tiles',
    configureServer(server) {
      server.middlewares.use(`/${UI_FOLDER}/`, (request, response, next) => {
        const file = join(SOURCE, basename((request.url ?? '').split('?')[0] ?? ''));
        if (!file.endsWith('.png') || !existsSync(file)) return next();
        response.setHeader('content-type', 'image/png');
        response.setHeader('cache-control', 'no-cache');
        createReadStream(file).pipe(response);
      });
    },
    generateBundle() {
      for (const file of readdirSync(SOURCE).filter((name) => name.endsWith('.png'))) {
        this.emitFile({ type: 'asset', fileName: `${UI_FOLDER}/${file}`, source: readFileSync(join(SOURCE, file)) });
      }
    },
  };
}
