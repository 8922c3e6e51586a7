/**
 * The two bet panels (docs/spec.md §2, §3, §4): what each shows and its bet's state machine. The pure
 * transitions live here so net/bets.ts (presses, requests) and net/events.ts (rounds) share them.
 */

import { atom, type PrimitiveAtom } from 'jotai';
import { coinsToHundredths } from '../../shared/money';
import { amountText } from '../hud/panel/amountText';
import { autoAfter, type AutoRules, type AutoRun } from '../lab/autoRules';
import { BET_DEFAULT_AMOUNT, BET_DEFAULT_RATE_TEXT } from '../../shared/constants';
import { t } from '../i18n/i18n';

/** idle shows BET, created CANCEL, running CLAIM, waiting WAITING (docs/spec.md §4). */
export type BetState = 'idle' | 'created' | 'running' | 'waiting';

/** The betId of a bet queued for the next round (docs/spec.md §3). */
const AUTO_BET_ID = 'auto';

export interface PanelState {
  /** The amount input's text, in coins ('200', '12.5'). */
  amount: string;
  /** The auto cash-out target input's text ('2.00'). */
  rate: string;
  isAutoBetEnabled: boolean;
  isAutoWithdraw: boolean;
  betState: BetState;
  /** The placed bet, AUTO_BET_ID while waiting, null when idle. */
  betId: string | null;
  /** A request of this panel is on its way (the main button shows loading). */
  busy: boolean;
  /** What the server said about this panel's last bet (a refusal, a lowered target, the house limit); null: nothing. */
  notice: string | null;
  /** The rate this round's bet of the panel was cashed out at, so a GAME_LIMIT arriving after its BET_REFUNDED still finds it. */
  cashedOutAt: number | null;
  /** The auto-bet rules of the panel's Auto part and their run (issue 28 point 1), null without; kept in memory only, so a reload stops a run. */
  auto: { rules: AutoRules; run: AutoRun } | null;
}

export const INITIAL_PANEL: PanelState = {
  amount: String(BET_DEFAULT_AMOUNT),
  rate: BET_DEFAULT_RATE_TEXT,
  isAutoBetEnabled: false,
  isAutoWithdraw: false,
  betState: 'idle',
  betId: null,
  busy: false,
  notice: null,
  cashedOutAt: null,
  auto: null,
};

/** One atom per panel, so a press in one does not re-render the other. */
export const panelAtoms: readonly PrimitiveAtom<PanelState>[] = [atom(INITIAL_PANEL), atom(INITIAL_PANEL)];

/** A bet was accepted: CANCEL until the round starts. */
export const placed = (panel: PanelState, betId: string): PanelState => ({
  ...panel,
  betState: 'created',
  betId,
  busy: false,
});

/** What the server says of an open bet no panel shows: its id, amount text and target text (null: by hand). */
interface OpenBet {
  betId: string;
  amount: string;
  rate: string | null;
}

/** An open bet learnt from the server (after a reload, a reconnect, another tab): CANCEL while betting, CLAIM in flight. */
export const restored = (panel: PanelState, bet: OpenBet, flying: boolean): PanelState => ({
  ...panel,
  amount: bet.amount,
  rate: bet.rate ?? panel.rate,
  isAutoWithdraw: bet.rate !== null,
  betState: flying ? 'running' : 'created',
  betId: bet.betId,
  busy: false,
});

/** The press came outside the betting window: WAITING for the next round (docs/spec.md, "Decisions on the spec's open points"). */
export const queued = (panel: PanelState): PanelState => ({
  ...panel,
  betState: 'waiting',
  betId: AUTO_BET_ID,
  busy: false,
});

/** Back to BET (cancelled, queue withdrawn, placing failed). */
export const idle = (panel: PanelState): PanelState => ({ ...panel, betState: 'idle', betId: null, busy: false });

/** A running auto-bet's rules after one of its bets made `profit`: the next stake, or the run stopped with its reason. */
function counted(panel: PanelState, profit: number): PanelState {
  if (!panel.auto || panel.auto.run.stopped !== null || !panel.isAutoBetEnabled) return panel;
  const run = autoAfter(panel.auto.rules, panel.auto.run, profit);
  const next = { ...panel, auto: { ...panel.auto, run }, amount: amountText(run.stake) };
  return run.stopped === null ? next : { ...next, isAutoBetEnabled: false };
}

/**
 * The bet is over: BET, or WAITING again while auto-bet runs. `profit` (payout minus stake, in
 * hundredths) when it was cashed out or lost, null when it was refunded.
 */
export const settled = (panel: PanelState, profit: number | null = null): PanelState => {
  const next = profit === null ? panel : counted(panel, profit);
  return next.isAutoBetEnabled ? queued(next) : idle(next);
};

/** A run of auto-bet rules ended by `reason` (nothing when none runs). */
const runEnded = (panel: PanelState, reason: string): PanelState['auto'] =>
  panel.auto && panel.auto.run.stopped === null
    ? { ...panel.auto, run: { ...panel.auto.run, stopped: reason } }
    : panel.auto;

/** Stops a running auto-bet (and its rules' run, for `reason`): a queued bet is withdrawn; a placed bet stays, but nothing follows it. */
export const stopAutoBet = (panel: PanelState, reason = t('panel.autoStopped')): PanelState => {
  const off = { ...panel, isAutoBetEnabled: false, auto: runEnded(panel, reason) };
  return panel.betState === 'waiting' ? idle(off) : off;
};

/** The round started: a placed bet can be claimed. */
export const roundStarted = (panel: PanelState): PanelState =>
  panel.betState === 'created' ? { ...panel, betState: 'running' } : panel;

/** The round ended (its flying bet lost) or was voided (refunded): the bet is settled; a bet queued for the next round waits on. */
export const roundEnded = (panel: PanelState, voided = false): PanelState => {
  if (panel.betState === 'running' && !voided) return settled(panel, -(coinsToHundredths(panel.amount) ?? 0));
  return panel.betState === 'created' || panel.betState === 'running' ? settled(panel) : panel;
};

/** Either toggle changed: any running auto-bet stops (docs/spec.md §5). */
export function toggled(
  panel: PanelState,
  change: Partial<Pick<PanelState, 'isAutoBetEnabled' | 'isAutoWithdraw'>>,
): PanelState {
  const next = { ...panel, ...change, auto: runEnded(panel, 'A switch was changed') };
  return panel.betState === 'waiting' ? idle(next) : next;
}

/** The amount and rate can only change while no bet is placed or queued (docs/spec.md §4). */
export const editable = (panel: PanelState): boolean => panel.betState === 'idle';
