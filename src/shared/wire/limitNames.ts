/** The names of a player's own limits and their choices: plain values the page uses without zod. */

/** What a player's own limit counts (docs/architecture.md "House limits"): coins deposited, lost, or staked. */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** The calendar period a limit counts over, in UTC: a day, a week from Monday, a month (SQL's date_trunc units). */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** How a limit's name says its period: `depositDaily`. */
const PERIOD_WORDS = { day: 'Daily', week: 'Weekly', month: 'Monthly' } as const satisfies Record<LimitPeriod, string>;

/** A limit's name on the wire and in the database: its kind and its period's word. */
export type LimitName = `${LimitKind}${(typeof PERIOD_WORDS)[LimitPeriod]}`;

/** The name of the limit of `kind` over `period`. */
export function limitName(kind: LimitKind, period: LimitPeriod): LimitName {
  return `${kind}${PERIOD_WORDS[period]}`;
}

/** Every limit, kind by kind: depositDaily, depositWeekly, depositMonthly, lossDaily, … */
export const LIMIT_NAMES: readonly LimitName[] = LIMIT_KINDS.flatMap((kind) =>
  LIMIT_PERIODS.map((period) => limitName(kind, period)),
);

/** The kind and period a limit's name stands for. */
export function limitOf(name: LimitName): { kind: LimitKind; period: LimitPeriod } {
  const kind = LIMIT_KINDS.find((k) => name.startsWith(k))!;
  const period = LIMIT_PERIODS.find((p) => name === limitName(kind, p))!;
  return { kind, period };
}
/** Minutes between reality checks; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export const EXCLUSION_DURATIONS = ['24h', '7d', '30d', 'permanent'] as const;
export type ExclusionDuration = (typeof EXCLUSION_DURATIONS)[number];
