/** The panel inputs' texts: hundredths back to what the amount input shows, and the rate input's tidy form. */

import { MIN_STAKE, MIN_TARGET, typedTarget } from '../../shared/betPolicy';
import { BET_DEFAULT_RATE_TEXT, HUNDREDTHS_PER_COIN } from '../../shared/constants';
import { coinsToHundredths } from '../../shared/money';

/** 20000 -> '200', 1250 -> '12.50'. */
export function amountText(hundredths: number): string {
  return hundredths % 100 === 0 ? String(hundredths / 100) : (hundredths / 100).toFixed(2);
}

/** The amount typed, in hundredths (0 when empty or not an amount). */
export function typedAmount(text: string): number {
  return coinsToHundredths(text) ?? 0;
}

/** The amount after − (step 10, never below the minimum bet) or + / a quick-add of `coins`. */
export function steppedAmount(text: string, coins: number): number {
  return Math.max(MIN_STAKE, typedAmount(text) + coins * HUNDREDTHS_PER_COIN);
}

/** The amount doubled or halved (a hotkey), never below the minimum bet. */
export function scaledAmount(text: string, factor: 2 | 0.5): number {
  return Math.max(MIN_STAKE, Math.floor(typedAmount(text) * factor));
}

/** The amount input on leaving it: at least the minimum bet. */
export function tidyAmount(text: string): string {
  return amountText(Math.max(MIN_STAKE, typedAmount(text)));
}

/** The auto cash-out target input on leaving it: two decimals, at least x1.01, the default when empty. */
export function tidyTarget(text: string): string {
  const hundredths = typedTarget(text);
  if (hundredths === null || text.trim() === '') return BET_DEFAULT_RATE_TEXT;
  return (Math.max(MIN_TARGET, hundredths) / 100).toFixed(2);
}
