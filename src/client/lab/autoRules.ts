/**
 * Auto-bet rules (docs/hud.md "Player tools"): a base stake and target, how the stake changes after
 * a win and after a loss, and when the run stops. Written once: the strategy lab replays them and a
 * bet panel runs them on live rounds, both through autoDecision and autoAfter.
 */

import { coinsToHundredths } from '../../shared/money';
import type { Decision, Strategy } from './replay';
import { t } from '../i18n/i18n';
import { formatCoins } from '../i18n/format';
import type { AutoRules, AutoRun, StakeChange } from '../state/autoRun';

export const startRun = (rules: AutoRules): AutoRun => ({ bets: 0, net: 0, stake: rules.baseStake, stopped: null });

/** The next bet of the run, or why it stops. */
function autoDecision(rules: AutoRules, run: AutoRun): Decision {
  return run.stopped === null ? { stake: run.stake, target: rules.target } : { stop: run.stopped };
}

const changed = (change: StakeChange, rules: AutoRules, stake: number) =>
  'reset' in change ? rules.baseStake : Math.floor((stake * (100 + change.increasePercent)) / 100);

/** The run after a bet of `run.stake` that made `profit` (payout minus stake). */
export function autoAfter(rules: AutoRules, run: AutoRun, profit: number): AutoRun {
  const won = profit > 0;
  const next = {
    bets: run.bets + 1,
    net: run.net + profit,
    stake: changed(won ? rules.onWin : rules.onLoss, rules, run.stake),
  };
  return { ...next, stopped: stopReason(rules, next, won ? profit : null) };
}

function stopReason(rules: AutoRules, run: Omit<AutoRun, 'stopped'>, win: number | null): string | null {
  if (rules.stopProfit !== null && run.net >= rules.stopProfit)
    return t('autoRules.reachedProfit', { amount: formatCoins(rules.stopProfit) });
  if (rules.stopLoss !== null && -run.net >= rules.stopLoss)
    return t('autoRules.reachedLoss', { amount: formatCoins(rules.stopLoss) });
  if (rules.stopWinAbove !== null && win !== null && win > rules.stopWinAbove)
    return t('autoRules.bigWin', { win: formatCoins(win), limit: formatCoins(rules.stopWinAbove) });
  if (rules.bets !== null && run.bets >= rules.bets) return t('autoRules.betsMade', { bets: rules.bets });
  return null;
}

/** The rules as a lab strategy: it bets every round, so the newest outcome is always its last bet. */
export function autoStrategy(rules: AutoRules): Strategy {
  let run = startRun(rules);
  return ({ history }) => {
    const last = history.at(-1);
    if (last) run = autoAfter(rules, run, last.profit);
    return autoDecision(rules, run);
  };
}

/** Martingale: double the stake after each loss, back to the base after a win. */
export const martingale = (baseStake: number, target: number): AutoRules => ({
  baseStake,
  target,
  bets: null,
  onWin: { reset: true },
  onLoss: { increasePercent: 100 },
  stopProfit: null,
  stopLoss: null,
  stopWinAbove: null,
});

/** The same bet every round. */
export const fixedStrategy =
  (stake: number, target: number): Strategy =>
  () => ({ stake, target });

/** The rules as a player types them (coins, percent; empty: no limit), in the lab and in a panel's Auto part: each field's label in the catalogue. */
export const RULE_FIELDS = {
  bets: 'autoRules.bets',
  onWin: 'autoRules.onWin',
  onLoss: 'autoRules.onLoss',
  stopProfit: 'autoRules.stopProfit',
  stopLoss: 'autoRules.stopLoss',
  stopWinAbove: 'autoRules.stopWinAbove',
} as const;
export type RuleTexts = Record<keyof typeof RULE_FIELDS, string>;
export const EMPTY_RULES: RuleTexts = {
  bets: '',
  onWin: '0',
  onLoss: '0',
  stopProfit: '',
  stopLoss: '',
  stopWinAbove: '',
};

const optionalCoins = (text: string) => (text.trim() === '' ? null : coinsToHundredths(text));
const change = (percent: string): StakeChange =>
  Number(percent) > 0 ? { increasePercent: Number(percent) } : { reset: true };

/** The typed rules with a base stake (hundredths) and target. */
export function rulesOf(texts: RuleTexts, baseStake: number, target: number): AutoRules {
  return {
    baseStake,
    target,
    bets: texts.bets.trim() === '' ? null : Math.max(1, Math.floor(Number(texts.bets))),
    onWin: change(texts.onWin),
    onLoss: change(texts.onLoss),
    stopProfit: optionalCoins(texts.stopProfit),
    stopLoss: optionalCoins(texts.stopLoss),
    stopWinAbove: optionalCoins(texts.stopWinAbove),
  };
}
