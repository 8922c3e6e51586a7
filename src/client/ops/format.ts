/** How the console writes money, multipliers, times and chain links. */

import { TYPED_HUNDREDTHS_MAX } from '../../shared/constants';
import { formatCoins, typedHundredths } from '../../shared/money';
import { formatRate } from '../i18n/format';
import type { OpsConfig } from '../../shared/ops';

export { formatCoins };

/** A wire rate in hundredths as players read it: 123 -> x1.23. */
export const formatWireRate = (hundredths: number) => formatRate(hundredths / 100);

/** An ISO time as the operator reads it: UTC, to the second, the same on every phone. */
export function formatAt(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A signature's page on the explorer the server names for its cluster. */
export const explorerLink = (config: OpsConfig, signature: string) =>
  config.explorer.replace('{sig}', encodeURIComponent(signature));

/** A long key or signature cut to its ends, for tables on a phone. */
export const shorten = (text: string) => (text.length > 14 ? `${text.slice(0, 6)}…${text.slice(-6)}` : text);

/**
 * Signed coins an operator typed ("25", "-12.5", "+3") as the hundredths the adjust route takes;
 * null unless a non-zero amount with at most two decimals, within the route's bound.
 */
export function signedHundredths(text: string): number | null {
  const hundredths = typedHundredths(text, true);
  return typeof hundredths === 'number' && hundredths !== 0 && Math.abs(hundredths) <= TYPED_HUNDREDTHS_MAX
    ? hundredths
    : null;
}
