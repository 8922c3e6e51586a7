/** The top list (docs/spec.md §2): GET /game/leaders into leadersAtom. */

import type { BetWithRound } from '../../shared/protocol';
import { leadersAtom } from '../state/leadersAtom';
import { store } from '../state/store';
import { getData } from './api';

/** Loads the leaders; the last list stays on failure. */
export async function loadLeaders(): Promise<void> {
  try {
    store.set(leadersAtom, await getData<BetWithRound[]>('/game/leaders'));
  } catch {
    if (store.get(leadersAtom) === null) store.set(leadersAtom, []);
  }
}
