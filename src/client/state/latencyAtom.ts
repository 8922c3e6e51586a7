/** The STOMP round trip in ms (a RECEIPT's delay), shown in the header. */

import { atom } from 'jotai';

/** null until measured, and while disconnected. */
export const latencyAtom = atom<number | null>(null);
