/**
 * What the bet panels' main button does (docs/spec.md §4–§5 and "Decisions on the spec's open points"): BET places a bet when the
 * betting window is open and queues it for the next round otherwise; CANCEL, CLAIM and WAITING
 * undo, cash out and withdraw. Requests carry hundredths and an Idempotency-Key per press.
 */

import { BET_MIN, HUNDREDTHS_PER_COIN } from '../../shared/constants';
import { coinsToHundredths } from '../../shared/money';
import { openModalAtom } from '../state/modalAtom';
import { realityCheckAtom } from '../state/limitsAtom';
import { ownBetIdsAtom } from '../state/ownBetIdsAtom';
import { idle, panelAtoms, placed, queued, settled, stopAutoBet, type PanelState } from '../state/panelsAtom';
import { profileAtom } from '../state/profileAtom';
import { roundAtom } from '../state/roundAtom';
import { accessTokenAtom } from '../state/sessionAtom';
import { store } from '../state/store';
import { playSound } from '../audio';
import { ApiError, api } from './api';
import { refreshRoundBets } from './roundBets';
import { refreshProfile } from './session';

/** The alert of docs/spec.md §5. */
const NOT_ENOUGH_FUNDS = 'Not enough funds';

const get = (index: number) => store.get(panelAtoms[index]!);
const set = (index: number, panel: PanelState) => store.set(panelAtoms[index]!, panel);

/** The main button of panel `index`: BET, CANCEL, CLAIM or WAITING by its state. */
export async function pressMain(index: number): Promise<void> {
  const panel = get(index);
  if (panel.busy) return;
  switch (panel.betState) {
    case 'idle':
      return bet(index);
    case 'created':
      return cancel(index);
    case 'running':
      return claim(index);
    case 'waiting':
      set(index, idle(panel));
  }
}

/** BET: checks the balance, then places the bet now (betting window open) or queues it for the next round. */
async function bet(index: number): Promise<void> {
  if (!store.get(accessTokenAtom)) {
    store.set(openModalAtom, 'profile');
    return;
  }
  if (!affordable(index)) return;
  if (store.get(roundAtom).state === 'CREATED') await place(index);
  else set(index, queued(get(index)));
}

/** Places the queued bets when a round opens (called at GAME_CREATED), unless a reality check waits for an answer. */
export function placeQueuedBets(): void {
  if (store.get(realityCheckAtom).dueAt !== null || store.get(roundAtom).state !== 'CREATED') return;
  panelAtoms.forEach((panelAtom, index) => {
    if (store.get(panelAtom).betState === 'waiting' && affordable(index)) void place(index);
  });
}

/**
 * Placing a bet does nothing without a profile; a balance below the amount alerts 'Not enough
 * funds' and stops auto-bet (docs/spec.md §5).
 */
function affordable(index: number): boolean {
  const profile = store.get(profileAtom);
  const amount = betAmount(get(index));
  if (!profile || amount === null) {
    set(index, idle(get(index)));
    return false;
  }
  if (profile.balanceAmount < amount) {
    set(index, idle(stopAutoBet(get(index))));
    window.alert(NOT_ENOUGH_FUNDS);
    return false;
  }
  return true;
}

/** The panel's amount in hundredths, at least the minimum bet; null when it is not an amount. */
export function betAmount(panel: PanelState): number | null {
  const amount = coinsToHundredths(panel.amount);
  return amount === null ? null : Math.max(amount, BET_MIN * HUNDREDTHS_PER_COIN);
}

/** The auto cash-out target as a number with two decimals, or null. */
function target(panel: PanelState): number | null {
  const hundredths = coinsToHundredths(panel.rate);
  return hundredths === null ? null : hundredths / 100;
}

async function place(index: number): Promise<void> {
  const panel = get(index);
  const amount = betAmount(panel);
  const rate = target(panel);
  set(index, { ...panel, busy: true, notice: null });
  const idempotencyKey = newIdempotencyKey();
  try {
    const { betId, loweredTo } =
      panel.isAutoWithdraw && rate !== null
        ? await api.post('/bet/create/auto', { amount: amount!, rate }, { idempotencyKey })
        : await api.post('/bet/create', { amount: amount! }, { idempotencyKey });
    if (!betId) throw new Error('no bet id');
    const id = String(betId);
    store.set(ownBetIdsAtom, new Set(store.get(ownBetIdsAtom)).add(id));
    const notice = loweredTo ? `House limit: this bet cashes out at x${loweredTo.toFixed(2)} at most` : null;
    set(index, { ...placed(get(index), id), notice });
    playSound('bet');
    void refreshProfile();
    void refreshRoundBets();
  } catch (error) {
    // A failed bet creation stops auto-bet (docs/spec.md §8); a refusal (a limit, self-exclusion, the house's cap) says why in the panel.
    const notice = error instanceof ApiError && error.status !== null && error.status < 500 ? error.message : null;
    set(index, { ...idle(stopAutoBet(get(index))), notice });
  }
}

async function cancel(index: number): Promise<void> {
  const { betId } = get(index);
  set(index, { ...get(index), busy: true });
  try {
    await api.post('/bet/cancel', { betId: betId! });
    const own = new Set(store.get(ownBetIdsAtom));
    own.delete(String(betId));
    store.set(ownBetIdsAtom, own);
    if (get(index).betId === betId) set(index, idle(get(index)));
    void refreshProfile();
  } catch {
    set(index, { ...get(index), busy: false });
  }
}

async function claim(index: number): Promise<void> {
  const { betId } = get(index);
  set(index, { ...get(index), busy: true });
  try {
    const cashOut = await api.post('/bet/refund', { betId: betId! });
    store.set(ownBetIdsAtom, new Set(store.get(ownBetIdsAtom)).add(String(cashOut.betId)));
    const panel = get(index);
    if (panel.betId === betId) set(index, settled(panel, cashOut.winAmount - (betAmount(panel) ?? 0)));
    playSound('cashout');
    void refreshProfile();
  } catch {
    // Too late: the round's end settles the panel.
    set(index, { ...get(index), busy: false });
  }
}

/** A random UUID v4 per action (crypto.randomUUID exists only on secure origins). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
