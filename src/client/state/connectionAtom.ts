/** Whether the STOMP connection is up, for the stage's lag state and the HUD. */

import { atom } from 'jotai';

type ConnectionState = 'connecting' | 'open' | 'closed';

/** Set by net/stomp.ts on connect, close and error. */
export const connectionAtom = atom<ConnectionState>('connecting');
