/**
 * Serves the built client. Vite's content-hashed bundles are cached for a year; index.html and
 * the unhashed files (the sprite atlases and their manifest, which artists replace) are
 * revalidated on every load, so a deploy or a new sheet shows at once. /ops (and below it) gets
 * the operator's console, ops.html (docs/ops.md); any other GET for a page gets index.html; a missing file gets a 404, never HTML in place of a script. The build writes a
 * brotli and a gzip copy beside every text file, sent by the request's Accept-Encoding.
 */

import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { unmetered } from './rateLimits';

/** Names Vite gives its bundles: name-HASH.js, .css and their source maps, and their .br and .gz copies. */
const HASHED = /-[\w-]{8}\.(js|css)(\.map|\.br|\.gz)?$/;

/** The console's addresses: /ops and anything under it (and its page by name). */
export const OPS_PAGE = /^\/ops(\/|\.html$|$)/;

function cacheHeaders(reply: FastifyReply, path: string): void {
  reply.header('cache-control', HASHED.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export function serveClient(app: FastifyInstance, staticDir: string | null): void {
  const root = staticDir ? resolve(staticDir) : null;
  if (!root || !existsSync(resolve(root, 'index.html'))) return;
  const budget = unmetered('files read from the page cache, cached by browsers and proxies');
  app.register(async (files) => {
    files.addHook('onRoute', (options) => {
      options.onRequest = [options.onRequest ?? [], budget].flat();
    });
    await files.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
    // Here, where @fastify/static decorated the reply with sendFile: the root's replies lack it.
    files.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!;
      if (request.method !== 'GET' || /\.\w+$/.test(path))
        return reply.status(404).send({ success: false, errorMessage: 'Not found' });
      const page = OPS_PAGE.test(path) ? 'ops.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    });
  });
}
