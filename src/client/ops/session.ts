/**
 * The operator's session: kept in sessionStorage (this tab only, gone with it), so a reload stays
 * signed in but a closed tab does not. Ending it for expiry leaves a notice for the sign-in form.
 */

import { useSyncExternalStore } from 'react';
import type { OpsSession } from '../../shared/ops';

const KEY = 'ops_session';

interface SessionView {
  session: OpsSession | null;
  /** Why the operator is back at sign-in, if not by choice. */
  notice: string | null;
}

let view: SessionView = { session: read(), notice: null };
const listeners = new Set<() => void>();

function read(): OpsSession | null {
  try {
    const session = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as OpsSession | null;
    return session && Date.parse(session.expiresAt) > Date.now() ? session : null;
  } catch {
    return null;
  }
}

function publish(next: SessionView): void {
  view = next;
  if (next.session) sessionStorage.setItem(KEY, JSON.stringify(next.session));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export const currentToken = () => view.session?.token ?? null;

export const startSession = (session: OpsSession) => publish({ session, notice: null });

/** Back to sign-in; `notice` says why when the server or the clock ended the session. */
export const endSession = (notice: string | null = null) => publish({ session: null, notice });

export const SESSION_EXPIRED = 'Your session has expired. Sign in again.';

export function useSession(): SessionView {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => view,
  );
}
