/** Players connected right now, from the online destination (docs/wire.md "STOMP"). */

import { atom } from 'jotai';

/** null until the first count arrives. */
export const onlineAtom = atom<number | null>(null);
