/**
 * Placing, canceling and cashing out bets (docs/architecture.md "Game rules"), one database function each
 * (place_bet.sql, cancel_bet.sql, cash_out.sql); placements and cancels arriving together share one
 * statement (BetBatch.ts). Placing and canceling hold the round's betting lock shared, so the
 * engine's start waits for them and the race with the start is settled by PostgreSQL. A cash-out
 * locks its bet only: it is judged on the round's start and crash point, which never change once
 * the round started, and every settlement of a bet locks that bet first.
 */

import { sql } from 'drizzle-orm';
import { boundMessage, cashoutTarget, largestCoveredBet, stakeBound, type StakeBound } from '../../shared/betPolicy';
import { GROWTH_PER_MS, MAX_ACTIVE_BETS_PER_ROUND } from '../../shared/constants';
import { HUNDREDTHS_PER_RATE } from '../../shared/growth';
import type { BetIdResponse, CashOutResponse } from '../../shared/protocol';
import { queryRows, type Db } from '../db/client';
import type { AbandonedRounds } from '../game/AbandonedRounds';
import type { AccountRef } from '../ledger/accounts';
import { batched } from './BetBatch';
import { betFromJson, publishBet, toBet, type BetJson, type BetOutlet, type BetRow } from './betRows';
import { Refusal } from '../Refusal';
import { limitRefusal, stakeLimitRefusal, type LimitRefusalJson } from '../risk/playerLimits';

/** What placing and settling bets needs. */
export interface Betting extends BetOutlet {
  db: Db;
  /** Largest win of one bet in hundredths: a bet reaching it is cashed out by the server. */
  maxWin: number;
}

/** An `Idempotency-Key` to record with the bet, in its own statement, so a retry replays it. */
export interface IdempotencyClaim {
  key: string;
  /** Method, path and body hash: the same key for another request is refused. */
  fingerprint: string;
}

/**
 * Places a bet on the round taking bets; `target` is the auto cash-out rate in hundredths. The
 * database's place_bet (batched with others arriving at once): the round's betting lock, the
 * two-bet limit under the account's row lock, the bet, the debit and its ledger row, and the claim's answer.
 */
export async function placeBet(
  betting: Betting,
  account: AccountRef,
  amount: number,
  target: number | null,
  claim?: IdempotencyClaim,
): Promise<BetIdResponse> {
  const cashoutAt = cashoutTarget(amount, target, betting.maxWin);
  const json = (await batched(betting.db, {
    op: 'place',
    account: account.id,
    amount,
    autoRate: target,
    cashoutAt,
    at: Date.now(),
    maxActive: MAX_ACTIVE_BETS_PER_ROUND,
    key: claim?.key ?? null,
    fingerprint: claim?.fingerprint ?? null,
  })) as (BetJson & { answer: BetIdResponse }) | PlaceRefusal;
  if ('refused' in json) throwPlaceRefusal(json);
  const { answer, ...bet } = json;
  publishBet(betting, 'BET_CREATED', toBet(betOrRefusal(bet), account.nickname));
  // place_bet says `loweredTo` when the house's per-bet cap lowered the target; a retry replays the same answer.
  return answer;
}

/** What place_bet answers instead of a bet: a limit's refusal, the house's per-bet cap, or one of REFUSED. */
type PlaceRefusal =
  LimitRefusalJson | { refused: 'house_limit'; maxBetProfit: number } | { refused: 'closed' | 'limit' | 'funds' };

function throwPlaceRefusal(json: PlaceRefusal): never {
  // The amount is at most the table's largest bet (the route checked), so the house's cover is the bound.
  if (json.refused === 'house_limit')
    throw boundRefusal({ code: 'houseCover', largest: largestCoveredBet(json.maxBetProfit) });
  if (json.refused === 'blocked' || json.refused === 'excluded' || json.refused === 'player_limit')
    throw limitRefusal(json);
  return betOrRefusal(json) as never;
}

/** The refusal of a stake above a bound, in the bet policy's words (the panel shows the same `refusals.<code>`). */
function boundRefusal(bound: StakeBound): Refusal {
  return new Refusal(bound.code === 'largestBet' ? 'invalid' : 'conflict', boundMessage(bound), {
    code: bound.code,
    params: { largest: bound.largest },
  });
}

/**
 * Refuses a stake above the table's largest bet `table` with the smallest limit that binds it: the table's, the
 * house's cover in the newest round (what /payment/reserves and the panel show), or the player's own limits when
 * even that bound's amount would pass one of them (a block or self-exclusion is said as such).
 */
export async function refuseLargeStake(db: Db, accountId: number, amount: number, table: number): Promise<never> {
  const [round] = await queryRows<{ max_bet_profit: string | null }>(
    db,
    sql`SELECT max_bet_profit FROM rounds WHERE max_round_profit IS NOT NULL ORDER BY id DESC LIMIT 1`,
  );
  const maxBetProfit = round?.max_bet_profit == null ? null : Number(round.max_bet_profit);
  const bound = stakeBound(amount, table, maxBetProfit) ?? { code: 'largestBet', largest: table };
  throw (await stakeLimitRefusal(db, accountId, bound.largest, Date.now())) ?? boundRefusal(bound);
}

/** Takes a bet back with a full refund, only before its round starts (the database's cancel_bet). */
export async function cancelBet(betting: Betting, account: AccountRef, betId: number): Promise<BetIdResponse> {
  const json = (await batched(betting.db, { op: 'cancel', account: account.id, bet: betId, at: Date.now() })) as
    BetJson | { refused: string };
  publishBet(betting, 'BET_CANCELED', toBet(betOrRefusal(json), account.nickname));
  return { betId: String(betId) };
}

/** The bet row place_bet, cancel_bet or cash_out returned, or the refusal it names. */
function betOrRefusal(json: BetJson | { refused: string }): BetRow {
  if ('refused' in json) throw refused(json.refused);
  return betFromJson(json);
}

/** A fresh Refusal for one of the REFUSED reasons. */
function refused(reason: string): Refusal {
  const refusal = REFUSED[reason] ?? new Refusal('conflict', 'This bet is closed', { code: 'betClosed' });
  return new Refusal(refusal.kind, refusal.message, refusal.translatable);
}

/** Why place_bet, cancel_bet or cash_out wrote nothing, in words a player reads, and the code a page translates. */
const REFUSED: Record<string, Refusal> = {
  closed: new Refusal('conflict', 'Betting is closed: wait for the next round', { code: 'betClosed' }),
  limit: new Refusal('conflict', `You already have ${MAX_ACTIVE_BETS_PER_ROUND} bets in this round`, {
    code: 'betsPerRound',
    params: { count: MAX_ACTIVE_BETS_PER_ROUND },
  }),
  funds: new Refusal('conflict', 'Not enough funds', { code: 'notEnoughFunds' }),
  not_found: new Refusal('not_found', 'No such bet', { code: 'noSuchBet' }),
  started: new Refusal('conflict', 'The round has started: this bet can no longer be canceled', { code: 'betStarted' }),
  CASHED_OUT: new Refusal('conflict', 'This bet is already cashed out', { code: 'alreadyCashedOut' }),
  not_started: new Refusal('conflict', 'The round has not started yet', { code: 'notStarted' }),
  stopped: new Refusal('conflict', 'This round was stopped: your bet will be refunded', { code: 'roundStopped' }),
  too_late: new Refusal('conflict', 'Too late: the rocket has flown away', { code: 'tooLate' }),
  paused: new Refusal('conflict', 'The round is paused: the game server is not answering. Try again in a moment.', {
    code: 'roundPaused',
  }),
};

/** What cashing out needs besides betting: rounds the engine gave up on take no cash-out until they are voided. */
export interface CashOutGate {
  abandoned: Pick<AbandonedRounds, 'ids'>;
}

/** When a cash-out arrived (GameClock.now) and whether the leading engine was silent then (LeaderPulse). */
export interface Arrival {
  at: number;
  leaderSilent: boolean;
}

/**
 * Cashes a bet out at the rate of its arrival, valid while that instant is before the crash, the
 * leader was heard lately and the engine has not abandoned the round. If the bet's auto target
 * (or MAX_WIN) was reached earlier, it is paid at that target. One statement (the database's
 * cash_out), judged on the round's start and crash point under the bet's row lock.
 */
export async function cashOut(
  betting: Betting & CashOutGate,
  account: AccountRef,
  betId: number,
  arrival: Arrival,
): Promise<Omit<CashOutResponse, 'receipt'> & { paid: BetRow }> {
  if (arrival.leaderSilent) throw refused('paused');
  const abandoned = `{${betting.abandoned.ids().join(',')}}`;
  const [row] = await queryRows<{ bet: BetJson | { refused: string } }>(
    betting.db,
    sql`SELECT cash_out(${account.id}, ${betId}, ${arrival.at}::bigint, ${GROWTH_PER_MS}::float8, ${abandoned}::bigint[]) AS bet`,
  );
  const paid = betOrRefusal(row!.bet);
  publishBet(betting, 'BET_REFUNDED', toBet(paid, account.nickname));
  return { betId: String(betId), rate: paid.rate! / HUNDREDTHS_PER_RATE, winAmount: paid.winAmount!, paid };
}

/** True for the refusal of a cash-out that arrived at or after the crash instant. */
export function isTooLate(error: unknown): error is Refusal {
  return error instanceof Refusal && error.translatable?.code === 'tooLate';
}
