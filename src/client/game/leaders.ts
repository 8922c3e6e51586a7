/** The top list (docs/spec.md §2): GET /game/leaders into leadersAtom. */

import { leadersAtom, leadersPeriodAtom } from '../state/leadersAtom';
import { store } from '../state/store';
import { api } from '../net/api';
import { fromWire } from '../state/betStatus';

/** Loads the leaders of the chosen period; the last list stays on failure. */
export async function loadLeaders(): Promise<void> {
  const period = store.get(leadersPeriodAtom);
  try {
    const list = await api.get('/game/leaders', { query: { period: period === 'day' ? undefined : period } });
    // A list that arrives after the player picked another period is not shown.
    if (store.get(leadersPeriodAtom) === period) store.set(leadersAtom, list.map(fromWire));
  } catch {
    if (store.get(leadersAtom) === null) store.set(leadersAtom, []);
  }
}
