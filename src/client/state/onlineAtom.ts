/** Players connected right now, from the online destination (architecture §6). */

import { atom } from 'jotai';

/** null until the first count arrives. */
export const onlineAtom = atom<number | null>(null);
