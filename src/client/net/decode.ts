/** Decoding STOMP bodies against the wire's schemas: anything else is dropped (docs/spec.md §8: messaging errors are ignored). */

import type { z } from 'zod';

/** The body as `schema` reads it, or null when it is not JSON or not what the schema says. */
export function decode<T extends z.ZodType>(schema: T, body: string): z.output<T> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}
