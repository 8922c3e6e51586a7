/** localStorage that never throws (private modes, storage disabled), and string atoms mirrored into it. */

import { atom, type WritableAtom } from 'jotai';

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; null removes the key. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused: the value lives for this page only.
  }
}

/**
 * An atom whose value is kept as a plain string under `key` (not JSON, so `localStorage.betsFilter`
 * reads `top`), starting from the stored value when `accept` takes it.
 */
export function storedAtom<T extends string | null>(
  key: string,
  fallback: T,
  accept: (stored: string) => stored is Exclude<T, null> = (stored): stored is Exclude<T, null> => stored !== '',
): WritableAtom<T, [T], void> {
  const stored = readStored(key);
  const base = atom<T>(stored !== null && accept(stored) ? stored : fallback);
  return atom(
    (get) => get(base),
    (_get, set, value: T) => {
      writeStored(key, value);
      set(base, value);
    },
  );
}
