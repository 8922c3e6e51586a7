/** Rounds as the HTTP API shows them; a round's fullRate and salt appear only once it has ENDED or was voided. */

import { rateAt, shownRate } from '../../shared/growth';
import type { GameInfo, GameState, RoundHistoryEntry } from '../../shared/protocol';
import type { Db } from '../db/client';
import { endedRounds, type RoundRow } from './rounds';
import { rootsOf } from '../proof/settlementRoots';

/** The round players see now (`row` is the latest round, as latestRound reads it), or null before the first round exists. */
export function gameInfo(row: RoundRow | undefined, now: number): GameInfo | null {
  if (!row) return null;
  const info: GameInfo = {
    gameId: String(row.id),
    gameState: row.state as GameState,
    gameHash: row.hash,
    startedAt: row.startedAt,
    serverTime: now,
  };
  if (row.state === 'CREATED') info.startsAt = row.startsAt;
  // Nothing derived from the crash point before the end: the rate by the clock alone, past the crash too while the round is not ENDED.
  if (row.state === 'STARTED' && row.startedAt !== null) info.rate = shownRate(rateAt(now - row.startedAt));
  if (row.state === 'ENDED')
    Object.assign(info, { rate: (row.rateHundredths ?? 0) / 100, fullRate: row.fullRate, salt: row.salt });
  return info;
}

/** The newest finished rounds, newest first; a voided round too, so a restart never hides a crash point. */
export async function lastRounds(db: Db, limit: number): Promise<RoundHistoryEntry[]> {
  const rows = await endedRounds(db, limit, true);
  const roots = await rootsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    gameId: String(row.id),
    rate: finalRate(row),
    fullRate: row.fullRate,
    hash: row.hash,
    salt: row.salt,
    time: row.endedAt ?? row.createdAt,
    ...(row.state === 'VOID' && { voided: true as const }),
    ...(roots.has(row.id) && { settlementRoot: roots.get(row.id) }),
  }));
}

/** The final shown rate of an ENDED round; of a VOID one, the crash point it was drawn with. */
export function finalRate(row: Pick<RoundRow, 'state' | 'rateHundredths' | 'fullRate'>): number {
  return row.state === 'VOID' ? shownRate(row.fullRate) : (row.rateHundredths ?? 0) / 100;
}
