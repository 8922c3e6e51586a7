/** True while the page waits out a server's "busy" answer (429 or 503 with Retry-After) to try a read again. */

import { atom } from 'jotai';

/** Set by net/api.ts around its retries; the header shows it. */
export const serverBusyAtom = atom(false);
