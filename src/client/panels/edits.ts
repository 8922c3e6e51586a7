/**
 * What the player's edits do to a panel (docs/spec.md §4–§5, docs/hud.md "Player tools"): the
 * amount typed, stepped, doubled or halved; the target; the two switches; an Auto part's run
 * started or stopped.
 */

import { RATE_INPUT_MAX } from '../../shared/constants';
import { sanitizeAmountInput } from '../../shared/money';
import { rulesOf, startRun, type RuleTexts } from '../lab/autoRules';
import { amountText, scaledAmount, steppedAmount, tidyAmount, tidyTarget } from './amountText';
import { pressMain } from './controller';
import { updatePanel } from './panelStore';
import { betAmount, editable, stopAutoBet, target, toggled } from './transitions';
import { t } from '../i18n/i18n';
import type { PanelState } from '../state/panelsAtom';

/**
 * A new amount: what the server said of the last bet (a refusal of another stake) goes, so the panel's line
 * says what the limits do to this one (docs/hud.md "Bet panels").
 */
const withAmount = (panel: PanelState, amount: string): PanelState => ({ ...panel, amount, notice: null });

/** The amount typed (dot or comma, two decimals at most): typing turns auto-bet off (docs/spec.md §5). */
export const typeAmount = (index: number, text: string) =>
  updatePanel(index, (panel) => ({ ...withAmount(panel, sanitizeAmountInput(text)), isAutoBetEnabled: false }));

/** −, + and the quick-adds: `coins` more or less, never below the minimum bet. */
export const stepAmount = (index: number, coins: number) =>
  updatePanel(index, (panel) => withAmount(panel, amountText(steppedAmount(panel.amount, coins))));

/** Leaving the amount input tidies it. */
export const leaveAmount = (index: number) =>
  updatePanel(index, (panel) => ({ ...panel, amount: tidyAmount(panel.amount) }));

/** The C and X hotkeys: doubled or halved, only while the amount can change. */
export const scaleAmount = (index: number, factor: 2 | 0.5) =>
  updatePanel(index, (panel) =>
    editable(panel) ? withAmount(panel, amountText(scaledAmount(panel.amount, factor))) : panel,
  );

export const typeTarget = (index: number, text: string) =>
  updatePanel(index, (panel) => ({ ...panel, target: sanitizeAmountInput(text, RATE_INPUT_MAX) }));

/** Focusing the target turns auto cash-out on. */
export const focusTarget = (index: number) =>
  updatePanel(index, (panel) => (panel.autoCashOut ? panel : toggled(panel, { autoCashOut: true })));

export const leaveTarget = (index: number) =>
  updatePanel(index, (panel) => ({ ...panel, target: tidyTarget(panel.target) }));

export const switchAutoBet = (index: number, on: boolean) =>
  updatePanel(index, (panel) => toggled(panel, { isAutoBetEnabled: on }));

export const switchAutoCashOut = (index: number, on: boolean) =>
  updatePanel(index, (panel) => toggled(panel, { autoCashOut: on }));

/** Starts a run of the Auto part's rules from the panel's amount and target, and presses BET. */
export function startAutoRun(index: number, texts: RuleTexts): void {
  updatePanel(index, (panel) => {
    const rules = rulesOf(texts, betAmount(panel) ?? 0, target(panel) ?? 0);
    return { ...panel, isAutoBetEnabled: true, auto: { rules, run: startRun(rules) } };
  });
  void pressMain(index);
}

export const stopAutoRun = (index: number) =>
  updatePanel(index, (panel) => stopAutoBet(panel, t('panel.stoppedByYou')));
