/** The player's own limits as the server keeps them (docs/architecture.md "House limits"), and the reality check's state. */

import { atom } from 'jotai';
import type { PlayerLimits } from '../../shared/protocol';

/** null when signed out or not loaded yet. */
export const limitsAtom = atom<PlayerLimits | null>(null);

interface RealityCheckState {
  /** When this session's play began (the page's sign-in), ms. */
  since: number | null;
  /** When the check showing now came due (null: none shows); auto-bet waits until the player answers. */
  dueAt: number | null;
}

export const realityCheckAtom = atom<RealityCheckState>({ since: null, dueAt: null });
