/**
 * The bet panels' controller (docs/architecture.md "The bet panels"), the one owner of the panel
 * atoms. What the main button does (docs/spec.md §4–§5 and "Decisions on the spec's open points"):
 * BET places a bet when the betting window is open and queues it for the next round otherwise;
 * CANCEL, CLAIM and WAITING undo, cash out and withdraw. It sends the requests (net/bets.ts) with
 * an Idempotency-Key per press, and says what happened: the panel's notice, an alert, a sound.
 */

import { playSound } from '../audio';
import { ApiError } from '../net/api';
import { cancelBet, cashOut, createBet } from '../net/bets';
import { refreshRoundBets } from '../round/roundBets';
import { refreshProfile } from '../account/profile';
import { realityCheckAtom } from '../state/limitsAtom';
import { openModalAtom } from '../state/modalAtom';
import { panelAtoms } from '../state/panelsAtom';
import { ownBetIdsAtom } from '../state/ownBetIdsAtom';
import { profileAtom } from '../state/profileAtom';
import { roundAtom } from '../state/roundAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { newIdempotencyKey } from './idempotencyKey';
import { panelNow, updatePanel, updatePanels } from './panelStore';
import { betAmount, cashedOut, idle, placed, queued, stopAutoBet, target, withAutoRun } from './transitions';
import { formatRate } from '../i18n/format';
import { t } from '../i18n/i18n';
import { computeFrame, createFrameState } from '../flight/frame';
import { clockOffsetAtom } from '../state/clockAtom';
import { keepReceiptAtom } from '../state/receiptsAtom';
import { tickAtom } from '../state/tickAtom';
import type { Receipt } from '../../shared/protocol';

/** The main button of panel `index`: BET, CANCEL, CLAIM or WAITING by its state. */
export async function pressMain(index: number): Promise<void> {
  const panel = panelNow(index);
  if (panel.busy) return;
  switch (panel.betState) {
    case 'idle':
      return bet(index);
    case 'created':
      return cancel(index);
    case 'running':
      return claim(index);
    case 'waiting':
      updatePanel(index, idle);
  }
}

/** BET: checks the balance, then places the bet now (betting window open) or queues it for the next round. */
async function bet(index: number): Promise<void> {
  if (!store.get(accessTokenAtom)) {
    store.set(openModalAtom, 'profile');
    return;
  }
  if (!affordable(index)) return;
  updatePanel(index, withAutoRun);
  if (store.get(roundAtom).state === 'CREATED') await place(index);
  else updatePanel(index, queued);
}

/** Places the queued bets when a round opens (called at GAME_CREATED), unless a reality check waits for an answer. */
export function placeQueuedBets(): void {
  if (store.get(realityCheckAtom).dueAt !== null || store.get(roundAtom).state !== 'CREATED') return;
  panelAtoms.forEach((_, index) => {
    if (panelNow(index).betState === 'waiting' && affordable(index)) void place(index);
  });
}

/** Stops every auto-bet at once (self-exclusion, a reality check answered Stop; the server refuses their bets anyway). */
export const stopAutoBets = (): void => updatePanels((panel) => stopAutoBet(panel));

/** The reality check's answer: Continue lets auto-bet go on, Stop ends it. */
export function answerRealityCheck(goOn: boolean): void {
  store.set(realityCheckAtom, { ...store.get(realityCheckAtom), dueAt: null });
  if (goOn) placeQueuedBets();
  else stopAutoBets();
}

/**
 * Placing a bet does nothing without a profile; a balance below the amount alerts 'Not enough
 * funds' and stops auto-bet (docs/spec.md §5).
 */
function affordable(index: number): boolean {
  const profile = store.get(profileAtom);
  const amount = betAmount(panelNow(index));
  if (!profile || amount === null) {
    updatePanel(index, idle);
    return false;
  }
  if (profile.balanceAmount < amount) {
    updatePanel(index, (panel) => idle(stopAutoBet(panel)));
    window.alert(t('panel.notEnoughFunds'));
    return false;
  }
  return true;
}

async function place(index: number): Promise<void> {
  const panel = panelNow(index);
  updatePanel(index, () => ({ ...panel, busy: true, notice: null }));
  try {
    const { betId, loweredTo } = await createBet(
      betAmount(panel)!, // affordable() let only an amount through
      panel.autoCashOut ? target(panel) : null,
      newIdempotencyKey(),
    );
    if (!betId) throw new Error('no bet id');
    const id = String(betId);
    store.set(ownBetIdsAtom, new Set(store.get(ownBetIdsAtom)).add(id));
    const notice = loweredTo ? t('panel.houseLowered', { rate: formatRate(loweredTo) }) : null;
    updatePanel(index, (now) => ({ ...placed(now, id), notice }));
    playSound('bet');
    void refreshProfile();
    void refreshRoundBets();
  } catch (error) {
    // A failed bet creation stops auto-bet (docs/spec.md §8); a refusal (a limit, self-exclusion, the house's cap) says why in the panel.
    const notice = error instanceof ApiError && error.status !== null && error.status < 500 ? error.message : null;
    updatePanel(index, (now) => ({ ...idle(stopAutoBet(now)), notice }));
  }
}

async function cancel(index: number): Promise<void> {
  const { betId } = panelNow(index);
  updatePanel(index, (panel) => ({ ...panel, busy: true }));
  try {
    await cancelBet(betId!); // a created bet has its id
    const own = new Set(store.get(ownBetIdsAtom));
    own.delete(String(betId));
    store.set(ownBetIdsAtom, own);
    updatePanel(index, (panel) => (panel.betId === betId ? idle(panel) : panel));
    void refreshProfile();
  } catch {
    updatePanel(index, (panel) => ({ ...panel, busy: false }));
  }
}

async function claim(index: number): Promise<void> {
  const { betId } = panelNow(index);
  updatePanel(index, (panel) => ({ ...panel, busy: true }));
  try {
    const answer = await cashOut(betId!, shownNow()); // a running bet has its id
    store.set(keepReceiptAtom, { betId: answer.betId, receipt: answer.receipt });
    store.set(ownBetIdsAtom, new Set(store.get(ownBetIdsAtom)).add(String(answer.betId)));
    // Its BET_REFUNDED may have come first and settled the panel, with the sound.
    if (panelNow(index).betId === betId) playSound('cashout');
    updatePanel(index, (panel) => (panel.betId === betId ? cashedOut(panel, answer.rate, answer.winAmount) : panel));
    void refreshProfile();
  } catch (error) {
    // Too late: the round's end settles the panel; the refusal's signed receipt is kept.
    const refused = error instanceof ApiError ? (error.data as { receipt?: Receipt } | undefined)?.receipt : undefined;
    if (refused) store.set(keepReceiptAtom, { betId: betId!, receipt: refused });
    updatePanel(index, (panel) => ({ ...panel, busy: false }));
  }
}

/** The multiplier the rocket shows at this instant: what the player saw when they pressed (the receipt's seenRate). */
function shownNow(): number {
  const frame = createFrameState();
  computeFrame(frame, store.get(roundAtom), store.get(tickAtom), Date.now(), store.get(clockOffsetAtom) ?? 0);
  return frame.shown;
}
