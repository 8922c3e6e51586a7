/** The names of a player's own limits and their choices: plain values the page uses without zod. */

/** A player's own limits (docs/architecture.md "House limits"), each for a calendar period in UTC (day, week from Monday, month). */
export const LIMIT_NAMES = [
  ...['depositDaily', 'depositWeekly', 'depositMonthly'],
  ...['lossDaily', 'lossWeekly', 'lossMonthly'],
  ...['wagerDaily', 'wagerWeekly', 'wagerMonthly'],
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];
/** Minutes between reality checks; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export const EXCLUSION_DURATIONS = ['24h', '7d', '30d', 'permanent'] as const;
export type ExclusionDuration = (typeof EXCLUSION_DURATIONS)[number];
