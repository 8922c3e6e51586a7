/**
 * The bet panels' state machine (docs/spec.md §3, §4, §5): pure transitions of one panel, used by
 * the controller's commands and by what the server says of rounds and bets.
 */

import { MIN_STAKE, typedTarget } from '../../shared/betPolicy';
import { coinsToHundredths } from '../../shared/money';
import type { GameEvent, GameLimitData } from '../../shared/protocol';
import { amountText } from './amountText';
import { EMPTY_RULES, autoAfter, rulesOf, startRun } from '../lab/autoRules';
import type { PanelState } from '../state/panelsAtom';
import { formatCoins, formatRate } from '../i18n/format';
import { t } from '../i18n/i18n';

/** A bet was accepted: CANCEL until the round starts. */
export const placed = (panel: PanelState, betId: string): PanelState => ({
  ...panel,
  betState: 'created',
  betId,
  busy: false,
});

/**
 * What the server says of an open bet no panel shows: its id, amount text, target text as the player
 * set it (null: by hand) and the rate the house's cap lowered its cash-out to (null: not lowered).
 */
interface OpenBet {
  betId: string;
  amount: string;
  target: string | null;
  loweredTo: number | null;
}

/**
 * An open bet learnt from the server (after a reload, a reconnect, another tab): CANCEL while
 * betting, CLAIM in flight; auto cash-out as the player set it, and the house's cap as its notice.
 */
export const restored = (panel: PanelState, bet: OpenBet, flying: boolean): PanelState => ({
  ...panel,
  amount: bet.amount,
  target: bet.target ?? panel.target,
  autoCashOut: bet.target !== null,
  betState: flying ? 'running' : 'created',
  betId: bet.betId,
  busy: false,
  notice: bet.loweredTo === null ? panel.notice : t('panel.houseLowered', { rate: formatRate(bet.loweredTo) }),
});

/**
 * The press came outside the betting window: WAITING for the next round (docs/spec.md, "Decisions
 * on the spec's open points"). The spec's bet id `auto` is this state, so no bet id is kept.
 */
export const queued = (panel: PanelState): PanelState => ({
  ...panel,
  betState: 'waiting',
  betId: null,
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

/** Whether a run of auto-bet (with the Auto part's rules or none) is going on. */
export const runGoing = (panel: PanelState): boolean => panel.auto !== null && panel.auto.run.stopped === null;

/**
 * BET pressed with auto-bet on and no run going: a run without rules starts, so the panel counts its rounds and
 * net like a run of the Auto part's rules (docs/hud.md "Player tools").
 */
export const withAutoRun = (panel: PanelState): PanelState => {
  if (!panel.isAutoBetEnabled || runGoing(panel)) return panel;
  const rules = rulesOf(EMPTY_RULES, betAmount(panel) ?? 0, target(panel) ?? 0);
  return { ...panel, auto: { rules, run: startRun(rules) } };
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
const roundStarted = (panel: PanelState): PanelState =>
  panel.betState === 'created' ? { ...panel, betState: 'running' } : panel;

/** The bet was cashed out at `rate` for `winAmount` hundredths (by hand, auto or the house's limit): settled, and flashed. */
export const cashedOut = (panel: PanelState, rate: number, winAmount: number): PanelState => ({
  ...settled(panel, winAmount - (betAmount(panel) ?? 0)),
  outcome: { won: true, rate, amount: winAmount },
});

/**
 * The round ended at `rate` (its flying bet lost, and the panel flashes the loss) or was voided
 * (refunded, and the panel says so): the bet is settled; a bet queued for the next round waits on.
 */
export const roundEnded = (panel: PanelState, voided = false, rate = 1): PanelState => {
  const stake = coinsToHundredths(panel.amount) ?? 0;
  if (panel.betState === 'running' && !voided)
    return { ...settled(panel, -stake), outcome: { won: false, rate, amount: stake } };
  if (panel.betState !== 'created' && panel.betState !== 'running') return panel;
  return voided ? { ...settled(panel), notice: t('panel.voided', { amount: formatCoins(stake) }) } : settled(panel);
};

/** Either toggle changed: any running auto-bet stops (docs/spec.md §5). */
export function toggled(
  panel: PanelState,
  change: Partial<Pick<PanelState, 'isAutoBetEnabled' | 'autoCashOut'>>,
): PanelState {
  const next = { ...panel, ...change, auto: runEnded(panel, t('panel.switchChanged')) };
  return panel.betState === 'waiting' ? idle(next) : next;
}

/** The amount and target can only change while no bet is placed or queued (docs/spec.md §4). */
export const editable = (panel: PanelState): boolean => panel.betState === 'idle';

/** A panel after a round event: its bet can be claimed once the round starts and is settled when it ends. */
export function reducePanel(panel: PanelState, event: GameEvent): PanelState {
  if (event.eventType === 'GAME_STARTED' || event.eventType === 'GAME_RATE') return roundStarted(panel);
  if (event.eventType === 'GAME_ENDED') return roundEnded(panel, false, event.data.rate);
  if (event.eventType === 'GAME_VOIDED') return roundEnded(panel, true);
  if (event.eventType === 'GAME_CREATED' && panel.outcome !== null) return { ...panel, outcome: null };
  return panel;
}

/**
 * GAME_LIMIT: a panel whose bet flies, or whose last bet was just cashed out at the limit's rate
 * (its BET_REFUNDED may come first), says the house limit cashed it out.
 */
export function limitReached(panel: PanelState, limit: GameLimitData): PanelState {
  if (panel.betState !== 'running' && !(panel.outcome?.won && panel.outcome.rate === limit.rate)) return panel;
  return { ...panel, notice: t('panel.houseReached', { rate: formatRate(limit.rate) }) };
}

/** The panel's amount in hundredths, at least the minimum bet; null when it is not an amount. */
export function betAmount(panel: PanelState): number | null {
  const amount = coinsToHundredths(panel.amount);
  return amount === null ? null : Math.max(amount, MIN_STAKE);
}

/** The auto cash-out target as a number with two decimals, or null. */
export function target(panel: PanelState): number | null {
  const hundredths = typedTarget(panel.target);
  return hundredths === null ? null : hundredths / 100;
}
