/**
 * The player's own bets of the round shown now, learnt from the server (GET /bet/current) on load,
 * on sign-in, on every reconnect and when another tab places one: a reload, a second tab or a lost
 * connection never orphans a bet (docs/reliability.md). The answer goes to the panels' controller
 * (panels/serverEvents.ts `applyCurrentBets`), which gives each open bet a panel and every own id
 * its "(you)" mark.
 */

import { applyCurrentBets } from '../panels/serverEvents';
import { panelsNow } from '../panels/panelStore';
import { accessTokenAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { api } from '../net/api';

/** Asks the server for the player's bets of the round and restores what the page lost. */
export async function restoreOwnBets(): Promise<void> {
  if (!store.get(accessTokenAtom)) return;
  const sent = panelsNow();
  try {
    const current = await api.get('/bet/current');
    if (store.get(accessTokenAtom)) applyCurrentBets(current, sent);
  } catch {
    // The next reconnect or sign-in asks again; the panels keep what they show.
  }
}
