/**
 * What the server says of rounds and of the player's own bets, as the panels see it. The game's feed
 * (game/feed.ts, game/ownBets.ts) hands each decoded event here once; only this controller writes
 * the panels.
 */

import type { BetEvent, CurrentBetsResponse, GameEvent, OwnBet } from '../../shared/protocol';
import { ownBetIdsAtom } from '../state/ownBetIdsAtom';
import type { PanelState } from '../state/panelsAtom';
import { profileAtom } from '../state/profileAtom';
import { roundAtom } from '../state/roundAtom';
import { store } from '../state/store';
import { amountText } from './amountText';
import { placeQueuedBets } from './controller';
import { panelsNow, updatePanel, updatePanels } from './panelStore';
import { cashedOut, idle, limitReached, reducePanel, restored, settled } from './transitions';
import { playSound } from '../audio';

/**
 * A round event: a placed bet can be claimed once the round starts and is settled when it ends;
 * GAME_LIMIT's notice; a new round (GAME_CREATED) sends the bets queued for it.
 */
export function panelsFollowRound(event: GameEvent): void {
  updatePanels((panel) =>
    event.eventType === 'GAME_LIMIT' ? limitReached(panel, event.data) : reducePanel(panel, event),
  );
  if (event.eventType === 'GAME_CREATED') placeQueuedBets();
}

/** The player's own bet ids after an event: cancelled ones are removed (docs/spec.md §4), a voided round's refunded ones stay. */
function reduceOwnBetIds(own: ReadonlySet<string>, event: BetEvent): ReadonlySet<string> {
  const { betId } = event.data;
  if (event.eventType === 'BET_CANCELED' && event.data.status !== 'VOID' && own.has(betId)) {
    const next = new Set(own);
    next.delete(betId);
    return next;
  }
  return own;
}

/**
 * What a bet event means for the player's panels and own ids, at once (the list waits for its
 * batch): a cash-out the server made (auto, or the house's limit) is flashed and heard like one by hand.
 */
export function ownBetEvent(event: BetEvent): void {
  const own = store.get(ownBetIdsAtom);
  const nextOwn = reduceOwnBetIds(own, event);
  if (nextOwn !== own) store.set(ownBetIdsAtom, nextOwn);
  if (event.eventType === 'BET_CREATED') return;
  const { betId, rate, winAmount } = event.data;
  updatePanels((panel) => {
    if (panel.betId !== betId) return panel;
    if (event.eventType === 'BET_CANCELED' || rate === null || winAmount === null) return idle(panel);
    playSound('cashout');
    return cashedOut(panel, rate, winAmount);
  });
}

/**
 * Applies GET /bet/current's answer to the round shown (an answer for another round changes
 * nothing). `sent` are the panels when it was asked: a panel changed since is left alone, and an
 * unchanged one whose bet is no longer open (settled or canceled elsewhere, or of a round that ended
 * while the page was away) lets it go. Each open bet no panel shows takes the first free panel, in
 * the order placed (CANCEL while betting, CLAIM in flight, with its amount and target).
 */
export function applyCurrentBets(current: CurrentBetsResponse, sent: readonly PanelState[]): void {
  const round = store.get(roundAtom);
  if (current.gameId === null || current.gameId !== round.gameId) return;
  const own = store.get(ownBetIdsAtom);
  if (current.bets.some((bet) => !own.has(bet.betId)))
    store.set(ownBetIdsAtom, new Set([...own, ...current.bets.map((bet) => bet.betId)]));
  const open = round.state === 'ENDED' ? [] : current.bets.filter((bet) => bet.status === 'CREATED');
  const isOpen = (betId: string | null) => open.some((bet) => bet.betId === betId);
  updatePanels((panel, index) => {
    const holds = panel.betState === 'created' || panel.betState === 'running';
    return panel !== sent[index] || !holds || panel.busy || isOpen(panel.betId) ? panel : settled(panel);
  });
  if (placing()) return;
  for (const bet of open) {
    const panels = panelsNow();
    if (panels.some((panel) => panel.betId === bet.betId)) continue;
    const free = panels.findIndex((panel) => panel.betState === 'idle');
    if (free < 0) return;
    updatePanel(free, (panel) => restored(panel, openBet(bet), round.state === 'STARTED'));
  }
}

/**
 * A BET_CREATED under the player's nickname that this page did not place: another tab or device did
 * (while a panel here is placing one, the event may be its own bet, whose answer has not come yet).
 */
export function placedElsewhere(event: BetEvent): boolean {
  if (event.eventType !== 'BET_CREATED' || event.data.nickname !== store.get(profileAtom)?.nickname) return false;
  return !store.get(ownBetIdsAtom).has(event.data.betId) && !placing();
}

/** A panel is placing a bet: it shows the bet itself when the answer comes, so no other panel may take it. */
const placing = (): boolean => panelsNow().some((panel) => panel.busy);

function openBet(bet: OwnBet) {
  return {
    betId: bet.betId,
    amount: amountText(bet.amount),
    target: bet.autoRate === null ? null : bet.autoRate.toFixed(2),
    loweredTo: bet.loweredTo ?? null,
  };
}
