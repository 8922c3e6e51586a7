/** The player's signed receipts by bet id (docs/provably-fair.md "Receipts"), kept in localStorage across reloads. */

import { atom } from 'jotai';
import { STORAGE_KEYS } from '../../shared/constants';
import type { Receipt } from '../../shared/protocol';
import { readStored, writeStored } from './storage';

/** The newest this many are kept. */
const KEPT = 200;

function stored(): Record<string, Receipt> {
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.receipts) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Receipt>) : {};
  } catch {
    return {};
  }
}

const keptAtom = atom<Record<string, Receipt>>(stored());

export const receiptsAtom = atom((get) => get(keptAtom));

/** Keeps a receipt from a cash-out's answer (or its refusal), dropping the oldest past KEPT. */
export const keepReceiptAtom = atom(null, (get, set, { betId, receipt }: { betId: string; receipt: Receipt }) => {
  const entries = Object.entries({ ...get(keptAtom), [betId]: receipt }).slice(-KEPT);
  const kept = Object.fromEntries(entries);
  writeStored(STORAGE_KEYS.receipts, JSON.stringify(kept));
  set(keptAtom, kept);
});
