/** Decoding STOMP bodies: anything that is not a known event is dropped (docs/spec.md §8: messaging errors are ignored). */

/** The body as `{eventType, data}` when eventType is one of `types` and data carries a string `idField`. */
export function parseEvent<T>(body: string, types: ReadonlySet<string>, idField: string): T | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { eventType, data } = parsed as { eventType?: unknown; data?: unknown };
  if (typeof eventType !== 'string' || !types.has(eventType)) return null;
  if (typeof data !== 'object' || data === null || typeof (data as Record<string, unknown>)[idField] !== 'string')
    return null;
  return parsed as T;
}
