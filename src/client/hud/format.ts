/** How the HUD writes numbers (docs/spec.md, "Decisions on the spec's open points"): multipliers, chip colours, the online count. */

import { RATE_GREEN_ABOVE, RATE_YELLOW_ABOVE } from '../../shared/constants';

/** The multiplier as players read it: `x1.23` (truncated, never rounded up). */
export function formatRate(rate: number): string {
  return `x${(Math.floor(rate * 100 + 1e-6) / 100).toFixed(2)}`;
}

/** Chip colour of a multiplier: gray up to 2.00, green up to 10.00, yellow above. */
export function rateColor(rate: number): 'gray' | 'green' | 'yellow' {
  if (rate > RATE_YELLOW_ABOVE) return 'yellow';
  return rate > RATE_GREEN_ABOVE ? 'green' : 'gray';
}

/** The online count: as it is below 1000, then one decimal and k (1620 -> 1.6k). */
export function formatOnline(count: number): string {
  return count < 1000 ? String(count) : `${(Math.floor(count / 100) / 10).toFixed(1)}k`;
}

/** A bet's or round's time as hours and minutes on this device's clock. */
export function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
