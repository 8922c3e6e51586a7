/**
 * PostgreSQL's text cannot hold the NUL character, so a NUL anywhere in a request's path
 * parameters, query or body is refused with 400 before any hook or route reads it (a rate limit
 * looks its login up before the schemas run).
 */

import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The dotted path of the first string (or key) in `value` holding a NUL, '' for `value` itself; null when none. */
function nulAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\0')) return path;
    const found = nulAt(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** Installs the check on every route of `app`. */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulAt(part, '');
      if (field !== null) throw badRequest(`${field || 'The request'} has a character that is not allowed`);
    }
  });
}
