/** What a typed client call of a route takes besides its body, and the URL it makes of it (src/shared/wire route tables). */

import type { InputOf } from '../../shared/wire/routes';

/** A query's fields as the page has them: numbers are sent as text, undefined ones are left out. */
type Query<S> = { [F in keyof InputOf<S, 'query'>]: InputOf<S, 'query'>[F] | number };
/** What a call of a route with the schemas S takes besides its body: its path parameters and query, where it has them. */
export type Parts<S> = (InputOf<S, 'params'> extends undefined ? unknown : { params: InputOf<S, 'params'> }) &
  (InputOf<S, 'query'> extends undefined ? unknown : { query?: Query<S> });
/** The options argument is required only when the route has path parameters. */
export type PartsArg<S> = InputOf<S, 'params'> extends undefined ? [options?: Parts<S>] : [options: Parts<S>];
/** The body a route with the schemas S takes, undefined when it takes none. */
export type Body<S> = InputOf<S, 'body'> extends undefined ? undefined : InputOf<S, 'body'>;

/** The path with its `:name` parameters filled in and its query appended. */
export function routeUrl(path: string, options: unknown): string {
  const { params = {}, query = {} } = (options ?? {}) as { params?: Record<string, string>; query?: object };
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  return search.size > 0 ? `${filled}?${search}` : filled;
}
