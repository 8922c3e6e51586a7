/** The player's own limits, self-exclusion and reality check (docs/architecture.md "House limits") over /user. */

import type { ExclusionDuration, PlayerLimits, PlayerLimitsUpdate } from '../../shared/protocol';
import { stopAutoBets } from '../panels/controller';
import { limitsAtom } from '../state/limitsAtom';
import { store } from '../state/store';
import { api } from '../net/api';

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
