/** Decoding STOMP bodies against the wire's schemas: anything else is dropped (docs/spec.md §8: messaging errors are ignored). */

import type * as z from 'zod/mini';

/** The body as `schema` reads it, or null when it is not JSON or not what the schema says. */
export function decode<T extends z.ZodMiniType>(schema: T, body: string): z.output<T> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}
