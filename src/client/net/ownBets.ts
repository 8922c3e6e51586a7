/**
 * The player's own bets of the round shown now, learnt from the server (GET /bet/current) on load,
 * on sign-in, on every reconnect and when another tab places one: a reload, a second tab or a lost
 * connection never orphans a bet (docs/reliability.md). Each open bet no panel shows takes the first free
 * panel, in the order placed (CANCEL while betting, CLAIM in flight, with its amount and target);
 * every own id gets its "(you)" mark and shows under "My".
 */

import type { BetEvent, CurrentBetsResponse, OwnBet } from '../../shared/protocol';
import { amountText } from '../hud/panel/amountText';
import { ownBetIdsAtom } from '../state/ownBetIdsAtom';
import { panelAtoms, restored, settled, type PanelState } from '../state/panelsAtom';
import { profileAtom } from '../state/profileAtom';
import { roundAtom } from '../state/roundAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { store as appStore } from '../state/store';
import { api } from './api';

type Store = typeof appStore;

/** Asks the server for the player's bets of the round and restores what the page lost. */
export async function restoreOwnBets(store: Store = appStore): Promise<void> {
  if (!store.get(accessTokenAtom)) return;
  const sent = panelAtoms.map((panelAtom) => store.get(panelAtom));
  try {
    const current = await api.get('/bet/current');
    if (store.get(accessTokenAtom)) applyCurrentBets(store, current, sent);
  } catch {
    // The next reconnect or sign-in asks again; the panels keep what they show.
  }
}

/**
 * Applies GET /bet/current's answer to the round shown (an answer for another round changes
 * nothing). `sent` are the panels when it was asked: a panel changed since is left alone, and an
 * unchanged one whose bet is no longer open (settled or canceled elsewhere, or of a round that ended
 * while the page was away) lets it go.
 */
export function applyCurrentBets(store: Store, current: CurrentBetsResponse, sent: readonly PanelState[]): void {
  const round = store.get(roundAtom);
  if (current.gameId === null || current.gameId !== round.gameId) return;
  const own = store.get(ownBetIdsAtom);
  if (current.bets.some((bet) => !own.has(bet.betId)))
    store.set(ownBetIdsAtom, new Set([...own, ...current.bets.map((bet) => bet.betId)]));
  const open = round.state === 'ENDED' ? [] : current.bets.filter((bet) => bet.status === 'CREATED');
  const isOpen = (betId: string | null) => open.some((bet) => bet.betId === betId);
  panelAtoms.forEach((panelAtom, index) => {
    const panel = store.get(panelAtom);
    const holds = panel.betState === 'created' || panel.betState === 'running';
    if (panel !== sent[index] || !holds || panel.busy || isOpen(panel.betId)) return;
    store.set(panelAtom, settled(panel));
  });
  if (placing(store)) return;
  for (const bet of open) {
    if (panelAtoms.some((panelAtom) => store.get(panelAtom).betId === bet.betId)) continue;
    const free = panelAtoms.find((panelAtom) => store.get(panelAtom).betState === 'idle');
    if (!free) return;
    store.set(free, restored(store.get(free), openBet(bet), round.state === 'STARTED'));
  }
}

/**
 * A BET_CREATED under the player's nickname that this page did not place: another tab or device did
 * (while a panel here is placing one, the event may be its own bet, whose answer has not come yet).
 */
export function placedElsewhere(store: Store, event: BetEvent): boolean {
  if (event.eventType !== 'BET_CREATED' || event.data.nickname !== store.get(profileAtom)?.nickname) return false;
  return !store.get(ownBetIdsAtom).has(event.data.betId) && !placing(store);
}

/** A panel is placing a bet: it shows the bet itself when the answer comes, so no other panel may take it. */
function placing(store: Store): boolean {
  return panelAtoms.some((panelAtom) => store.get(panelAtom).busy);
}

function openBet(bet: OwnBet) {
  return {
    betId: bet.betId,
    amount: amountText(bet.amount),
    rate: bet.autoRate === null ? null : bet.autoRate.toFixed(2),
  };
}
