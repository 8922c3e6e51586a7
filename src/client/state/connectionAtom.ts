/** Whether the STOMP connection is up, for the stage's lag state and the HUD. */

import { atom } from 'jotai';

/** 'busy': the server refused the socket for now (ERROR 'Too many connections…'); the client tries again. */
type ConnectionState = 'connecting' | 'open' | 'closed' | 'busy';

/** Set by game/connect.ts from the STOMP client's connect, close and error. */
export const connectionAtom = atom<ConnectionState>('connecting');
