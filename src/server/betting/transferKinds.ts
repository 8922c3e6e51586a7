/**
 * The ledger's accounts and kinds of transfer (docs/architecture.md "Money"): the one home of both.
 * functions.ts writes them into the database on every start: the house_accounts rows with their
 * stripes, and the SQL functions that map a kind to its house account, which move_balances and
 * house_transfer read. A balance is what an account was credited minus what it was debited, so all
 * balances, the players' and the house's, sum to zero.
 */

/** The house's accounts, by name: a negative id, and what the account holds. */
export const HOUSE_ACCOUNTS = {
  /**
   * Minus what the game brought into the house wallet on the chain: deposits credited out of it,
   * withdrawals paid back into it. The wallet's SOL beyond what every account says is owed is the
   * house's own money (ledger:check reconciles it with the chain).
   */
  house_wallet: { id: -1, about: 'the house wallet: deposits out to players, withdrawals paid back in' },
  /** Stakes in; wins, cancels and refunds of voided rounds out: minus the open stakes and the house's result. */
  game: { id: -2, about: 'stakes in; wins, cancels and refunds out' },
  /** Coins a withdrawal holds from its request until the chain pays it (or it fails and they go back). */
  withdrawals: { id: -3, about: 'withdrawals in transit' },
  /** Operators' credits (out of it) and debits (into it), each with its audit row. */
  manual: { id: -4, about: "operators' credits and debits" },
  /** Deposits that landed but may not be credited (a limit, a self-exclusion, a block): held until returned to their sender. */
  deposits_held: { id: -5, about: 'deposits landed and held, not credited' },
} as const;

export type HouseAccount = keyof typeof HOUSE_ACCOUNTS;

/**
 * Kinds of transfer between a player and the house: the house account on the other side. A
 * positive delta credits the player out of it, a negative one debits the player into it.
 */
export const PLAYER_KINDS = {
  deposit: 'house_wallet',
  withdraw_hold: 'withdrawals',
  withdraw_release: 'withdrawals',
  bet: 'game',
  cancel: 'game',
  win: 'game',
  void_refund: 'game',
  /** Its ref is the id of its audit row (docs/ops.md). */
  manual: 'manual',
} as const satisfies Record<string, HouseAccount>;

/** Kinds of transfer between two house accounts: from one, to the other. */
export const HOUSE_KINDS = {
  /** A withdrawal the chain paid: out of the withdrawals in transit. */
  withdraw_paid: { from: 'withdrawals', to: 'house_wallet' },
  /** A deposit that landed and may not be credited. */
  deposit_hold: { from: 'house_wallet', to: 'deposits_held' },
  /** A held deposit sent back to its sender. */
  deposit_return: { from: 'deposits_held', to: 'house_wallet' },
} as const satisfies Record<string, { from: HouseAccount; to: HouseAccount }>;

export type PlayerKind = keyof typeof PLAYER_KINDS;
export type HouseKind = keyof typeof HOUSE_KINDS;

/**
 * Stripes of a house account's balance: a player's transfer moves the stripe of the player's id
 * modulo this, so bets of different players seldom wait for one row. Any stripe gives the same
 * sum; this only spreads the writes.
 */
export const HOUSE_STRIPES = 16;

const id = (account: HouseAccount) => HOUSE_ACCOUNTS[account].id;
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The SQL that writes the accounts and their stripes, and the functions mapping kinds to accounts. */
export function transferKindStatements(): string[] {
  const accounts = Object.entries(HOUSE_ACCOUNTS).map(
    ([name, account]) => `(${account.id}, ${quote(name)}, ${quote(account.about)})`,
  );
  const cases = (pairs: [string, number][]) =>
    pairs.map(([kind, account]) => `WHEN ${quote(kind)} THEN ${account}`).join(' ');
  const playerSides = Object.entries(PLAYER_KINDS).map(([kind, account]): [string, number] => [kind, id(account)]);
  const froms = Object.entries(HOUSE_KINDS).map(([kind, { from }]): [string, number] => [kind, id(from)]);
  const tos = Object.entries(HOUSE_KINDS).map(([kind, { to }]): [string, number] => [kind, id(to)]);
  return [
    `INSERT INTO house_accounts (id, name, about) VALUES ${accounts.join(', ')}
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, about = excluded.about`,
    `INSERT INTO house_balances (account_id, stripe)
     SELECT a.id, s FROM house_accounts a, generate_series(0, ${HOUSE_STRIPES - 1}) s ON CONFLICT DO NOTHING`,
    `CREATE OR REPLACE FUNCTION house_stripes() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${HOUSE_STRIPES} $$`,
    // The house account on the other side of a player's kind (NULL: not a player's kind).
    `CREATE OR REPLACE FUNCTION house_account_of(p_kind text) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT CASE p_kind ${cases(playerSides)} END::bigint $$`,
    // The house accounts a house kind moves coins from and to (NULL: not a house kind).
    `CREATE OR REPLACE FUNCTION house_transfer_from(p_kind text) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT CASE p_kind ${cases(froms)} END::bigint $$`,
    `CREATE OR REPLACE FUNCTION house_transfer_to(p_kind text) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT CASE p_kind ${cases(tos)} END::bigint $$`,
  ];
}
