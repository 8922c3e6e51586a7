/** The bet lists players read: a round's bets, their own history, and the leaders of the last day, week, month or all time. */

import { and, desc, eq, gte, isNull, lt, ne, or } from 'drizzle-orm';
import { LEADER_PERIODS, type LeaderPeriod } from '../../shared/constants';
import type { Bet, BetWithRound, CurrentBetsResponse } from '../../shared/protocol';
import type { Db } from '../db/client';
import { accounts, bets, rounds } from '../db/schema';
import type { AccountRef } from './accounts';
import { toBet } from '../betting/betRows';
import { cashoutTarget } from '../../shared/betPolicy';
import { finalRate } from '../game/roundViews';
import { latestRound } from '../game/rounds';

/** Bets per page of GET /bet/history. */
const HISTORY_PAGE = 50;
/** How many wins GET /game/leaders lists. */
const LEADERS_COUNT = 20;

const withRound = { bet: bets, nickname: accounts.nickname, round: rounds };
type Joined = { bet: typeof bets.$inferSelect; nickname: string; round: typeof rounds.$inferSelect };

/** A bet with its round's fairness data; the salt and final rate only once the round has ENDED or was voided. */
function toBetWithRound({ bet, nickname, round }: Joined): BetWithRound {
  const revealed = round.state === 'ENDED' || round.state === 'VOID';
  return {
    ...toBet(bet, nickname),
    gameId: String(round.id),
    gameHash: round.hash,
    gameRate: revealed ? finalRate(round) : null,
    gameSalt: revealed ? round.salt : null,
    gameFullRate: revealed ? round.fullRate : null,
  };
}

/** A round's bets that were not canceled, newest first, `limit` at a time: `before` is the last betId of the previous page. */
export async function roundBets(db: Db, roundId: number, limit: number, before?: number): Promise<Bet[]> {
  const rows = await db
    .select({ bet: bets, nickname: accounts.nickname })
    .from(bets)
    .innerJoin(accounts, eq(accounts.id, bets.accountId))
    .where(
      and(
        eq(bets.roundId, roundId),
        ne(bets.status, 'CANCELED'),
        before === undefined ? undefined : lt(bets.id, before),
      ),
    )
    .orderBy(desc(bets.id))
    .limit(limit);
  return rows.map((row) => toBet(row.bet, row.nickname));
}

/**
 * A player's bets of the round shown now (the newest that is not void), oldest first, canceled ones
 * left out: what a page restores its panels and "(you)" marks from after a reload or a reconnect.
 */
export async function currentBets(db: Db, account: AccountRef, maxWin: number): Promise<CurrentBetsResponse> {
  const round = await latestRound(db);
  if (!round) return { gameId: null, bets: [] };
  const rows = await db
    .select()
    .from(bets)
    .where(and(eq(bets.accountId, account.id), eq(bets.roundId, round.id), ne(bets.status, 'CANCELED')))
    .orderBy(bets.id);
  return {
    gameId: String(round.id),
    bets: rows.map((row) => ({
      ...toBet(row, account.nickname),
      autoRate: row.autoRate === null ? null : row.autoRate / 100,
      ...(row.cashoutAt < cashoutTarget(row.amount, row.autoRate, maxWin) && { loweredTo: row.cashoutAt / 100 }),
    })),
  };
}

/** A player's bets, newest first, a page at a time: `before` is the last betId of the previous page. */
export async function betHistory(db: Db, accountId: number, before?: number): Promise<BetWithRound[]> {
  const rows = await db
    .select(withRound)
    .from(bets)
    .innerJoin(accounts, eq(accounts.id, bets.accountId))
    .innerJoin(rounds, eq(rounds.id, bets.roundId))
    .where(
      and(
        eq(bets.accountId, accountId),
        ne(bets.status, 'CANCELED'),
        before === undefined ? undefined : lt(bets.id, before),
      ),
    )
    .orderBy(desc(bets.id))
    .limit(HISTORY_PAGE);
  return rows.map(toBetWithRound);
}

/** The biggest wins cashed out in the period before `now` (the last 24 hours by default, as the spec's top list). */
export async function leaders(db: Db, now = Date.now(), period: LeaderPeriod = 'day'): Promise<BetWithRound[]> {
  const since = LEADER_PERIODS[period] === null ? null : now - LEADER_PERIODS[period];
  const rows = await db
    .select(withRound)
    .from(bets)
    .innerJoin(accounts, eq(accounts.id, bets.accountId))
    .innerJoin(rounds, eq(rounds.id, bets.roundId))
    .where(
      and(
        eq(bets.status, 'CASHED_OUT'),
        ...(since === null
          ? []
          : [
              // A bet settles before its round ends: the rounds still flying or ended since the cutoff hold them all.
              or(isNull(rounds.endedAt), gte(rounds.endedAt, since)),
              gte(bets.settledAt, since),
            ]),
      ),
    )
    .orderBy(desc(bets.winAmount), bets.id)
    .limit(LEADERS_COUNT);
  return rows.map(toBetWithRound);
}
