/** Decoding STOMP bodies against the wire's schemas: anything else is dropped (docs/spec.md §8: messaging errors are ignored). */

import * as z from 'zod/mini';

/**
 * The body as `schema` reads it, or null when it is not JSON or not what the schema says. Any zod
 * schema: the page's events are zod/mini (light), the console's are the ops routes' answers (zod).
 */
export function decode<T extends z.core.$ZodType>(schema: T, body: string): z.output<T> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const result = z.safeParse(schema, parsed);
  return result.success ? result.data : null;
}
