/** The last finished rounds, newest first, for the history strip. */

import { atom } from 'jotai';
import type { RoundHistoryEntry } from '../../shared/protocol';

/** Newest first, at most HISTORY_LENGTH entries. */
export const historyAtom = atom<RoundHistoryEntry[]>([]);
