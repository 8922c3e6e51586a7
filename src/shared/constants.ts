/** Business constants of docs/spec.md §9 and docs/architecture.md "Game rules", named once for both sides. */

/** API base path and STOMP endpoint (docs/wire.md "HTTP", "STOMP"). */
export const API_BASE = '/api/v1';
export const WS_PATH = `${API_BASE}/ws/init`;

// Bets (docs/spec.md §2, §9). Amounts in coins here; the wire carries hundredths.
export const BET_DEFAULT_AMOUNT = 200;
export const BET_STEP = 10;
export const BET_MIN = 10;
export const BET_QUICK_ADDS = [50, 100, 200, 500] as const;
export const BET_DEFAULT_RATE_TEXT = '2.00';
export const BET_PANELS = 2;
/** At most this many active bets per player per round: one per panel. */
export const MAX_ACTIVE_BETS_PER_ROUND = 2;
/** Auto cash-out target bounds (docs/architecture.md "Game rules"). */
export const AUTO_RATE_MIN = 1.01;
export const AUTO_RATE_MAX = 1_000_000;
/** The rate input caps values above this (docs/spec.md §5 and "Decisions on the spec's open points"). */
export const RATE_INPUT_MAX = 999;
export const AMOUNT_DECIMALS = 2;
export const HUNDREDTHS_PER_COIN = 100;
/** The largest amount in hundredths a person sets or moves by hand: a player's limit, an operator's adjustment. */
export const TYPED_HUNDREDTHS_MAX = 1e14;

// Rounds and history.
export const HISTORY_LENGTH = 11;
export const LAST_ROUNDS_MAX = 100;
/** The most bets GET /game/bets/{gameId} answers at once (and how many when not asked): the page asks for more with `before`. */
export const ROUND_BETS_PAGE = 500;
/** The most rounds one page of GET /game/rounds holds (and how many when not asked). */
export const ROUNDS_PAGE_MAX = 1000;
export const DEFAULT_BETTING_MS = 6000;
export const DEFAULT_PAUSE_MS = 3000;
export const DEFAULT_TICK_MS = 100;
/** The stage stops extrapolating this long after the last confirmed tick (docs/architecture.md "From the server to the pixels"). */
export const MAX_EXTRAPOLATION_MS = 300;

// Provably fair math (docs/provably-fair.md "The scheme").
/** rate(ms) = e^(GROWTH_PER_MS * ms). */
export const GROWTH_PER_MS = 0.00006;
/** Return to player: P(crash >= m) = RTP / m. */
export const RTP = 0.95;
/** The crash point's random integer is uniform in [1, RANDOM_MAX]. */
export const RANDOM_MAX = 1_000_000_000;
export const SALT_BYTES = 32;

// Money and chain (docs/spec.md §5, §9).
export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const DEFAULT_COINS_PER_SOL = 10_000;
export const DEPOSIT_MIN_SOL = 0.01;
export const DEPOSIT_MAX_SOL = 1000;
export const WITHDRAW_MIN_SOL = 0.02;
/** The faucet gives at most this much local SOL per call (docs/wire.md "Payments"). */
export const FAUCET_MAX_SOL = 10;

// Real-time (docs/spec.md §7).
export const HEARTBEAT_MS = 10_000;
export const RECONNECT_DELAY_MS = 5000;
export const MAX_CHUNK_BYTES = 8192;
/** The online count is sent on change, at most once per this interval (docs/wire.md "Online: /api/v1/ws/stats/online"). */
export const ONLINE_THROTTLE_MS = 1000;

// Client presentation (docs/spec.md §2, §9).
export const AMOUNT_ANIMATION_MS = 400;
export const BETS_COUNTER_ANIMATION_MS = 500;
/** Multiplier chip colours: gray up to this, green up to the next, yellow above (docs/spec.md, "Decisions on the spec's open points"). */
export const RATE_GREEN_ABOVE = 2;
export const RATE_YELLOW_ABOVE = 10;
/** Default payment environment until the server's has loaded (docs/spec.md §3). */
export const DEFAULT_PAYMENT_ENVIRONMENT = { type: 'test', coinsPerSol: 1, wallet: '' } as const;

/** Local storage keys (docs/spec.md §3, §9). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refId: 'refId',
  telegramId: 'telegramId',
  walletName: 'walletName',
  betsFilter: 'betsFilter',
  sound: 'sound',
  hotkeys: 'hotkeys',
  /** The player's cash-out receipts (docs/provably-fair.md "Receipts"). */
  receipts: 'receipts',
} as const;

export const BET_FILTERS = ['all', 'my', 'top'] as const;
export type BetFilter = (typeof BET_FILTERS)[number];
/** The top list's periods (docs/wire.md "GET /game/leaders"): how far back GET /game/leaders?period= looks, null for all time; day is the spec's. */
export const LEADER_PERIODS = {
  day: 24 * 3600_000,
  week: 7 * 24 * 3600_000,
  month: 30 * 24 * 3600_000,
  all: null,
} as const;
export type LeaderPeriod = keyof typeof LEADER_PERIODS;
