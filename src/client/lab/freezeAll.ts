/**
 * Part of a custom strategy's memory budget (customStrategy.ts): before it runs, the sandbox worker
 * freezes its global object and every object reachable from it (built-ins, their prototypes, the
 * objects its getters return), so the strategy cannot hang data there, out of reach of the check
 * on its state.
 */

const isObject = (value: unknown): value is object =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';

/** Every value `holder` gives for its own keys, getters read on `root` (a platform getter needs its own object). */
function reachable(holder: object, root: object): unknown[] {
  const found: unknown[] = [Object.getPrototypeOf(holder)];
  for (const key of Reflect.ownKeys(holder)) {
    const property = Object.getOwnPropertyDescriptor(holder, key)!;
    found.push(property.value, property.get, property.set);
    if (property.get && (holder === root || Object.prototype.isPrototypeOf.call(holder, root))) {
      try {
        found.push(Reflect.get(holder, key, root));
      } catch {
        // A getter that refuses (storage in an opaque origin) gives nothing to freeze.
      }
    }
  }
  return found;
}

/** Freezes `root` and everything reachable from it by own properties, prototypes and the root's getters. */
export function freezeAll(root: object): void {
  const seen = new Set<object>();
  const queue: object[] = [root];
  for (let next = queue.pop(); next; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const value of reachable(next, root)) if (isObject(value) && !seen.has(value)) queue.push(value);
    try {
      Object.freeze(next);
    } catch {
      // A global that refuses (a Node vm context's does; Chromium's worker global freezes) keeps its built-ins frozen.
    }
  }
}
