/** The player's own limits, self-exclusion and reality check (docs/architecture.md "House limits") over /user. */

import type { ExclusionDuration, PlayerLimits, PlayerLimitsUpdate } from '../../shared/protocol';
import { limitsAtom, realityCheckAtom } from '../state/limitsAtom';
import { panelAtoms, stopAutoBet } from '../state/panelsAtom';
import { store } from '../state/store';
import { api } from './api';
import { placeQueuedBets } from './bets';

const keep = (limits: PlayerLimits) => {
  store.set(limitsAtom, limits);
  return limits;
};

export const loadLimits = () => api.get('/user/limits').then(keep);
export const saveLimits = (update: PlayerLimitsUpdate) => api.put('/user/limits', update).then(keep);

/** Self-exclusion: every auto-bet stops at once (the server refuses their bets anyway). */
export async function excludeSelf(duration: ExclusionDuration): Promise<PlayerLimits> {
  const limits = keep(await api.post('/user/exclusion', { duration }));
  stopAutoBets();
  return limits;
}

export const sessionResult = (since: number) => api.get('/user/session', { query: { since } });

/** The reality check's answer: Continue lets auto-bet go on, Stop ends it. */
export function answerRealityCheck(goOn: boolean): void {
  store.set(realityCheckAtom, { ...store.get(realityCheckAtom), dueAt: null });
  if (goOn) placeQueuedBets();
  else stopAutoBets();
}

function stopAutoBets(): void {
  for (const panelAtom of panelAtoms) store.set(panelAtom, stopAutoBet(store.get(panelAtom)));
}
