/** refId and telegramId (docs/spec.md §1): read from the query string on start, sent with sign-in and registration. */

import { STORAGE_KEYS } from '../../shared/constants';
import { readStored, writeStored } from '../state/storage';

const KEYS = [STORAGE_KEYS.refId, STORAGE_KEYS.telegramId] as const;

/** Stores each non-empty value as given, with no other checks. */
export function storeReferralFromQuery(search: string): void {
  const query = new URLSearchParams(search);
  for (const key of KEYS) {
    const value = query.get(key);
    if (value) writeStored(key, value);
  }
}

/** The stored values as sign-in fields: only the keys that are stored. */
export function referralFields(): { referralId?: string; telegramId?: string } {
  const referralId = readStored(STORAGE_KEYS.refId);
  const telegramId = readStored(STORAGE_KEYS.telegramId);
  return { ...(referralId ? { referralId } : {}), ...(telegramId ? { telegramId } : {}) };
}
