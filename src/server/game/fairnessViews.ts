/** What a player needs to audit rounds (docs/provably-fair.md "The scheme"): the seed chains and any round by id. */

import { and, desc, eq, inArray, lt, max } from 'drizzle-orm';
import { FAIRNESS_FORMULA } from '../../shared/fairness';
import type { FairnessInfo, RoundDetails, SeedChainInfo } from '../../shared/protocol';
import type { Db } from '../db/client';
import { rounds, seedChains } from '../db/schema';
import { findRound, type RoundRow } from './rounds';
import { rootsOf } from '../proof/settlementRoots';

/** Every seed chain, newest first, the one in use and the one after it, with the formula; the secret links never leave the database. */
export async function fairnessInfo(db: Db): Promise<FairnessInfo> {
  const rows = await db
    .select({
      chainId: seedChains.id,
      commitment: seedChains.commitment,
      length: seedChains.length,
      clientSeed: seedChains.clientSeed,
      clientSeedSource: seedChains.clientSeedSource,
      clientSeedSlot: seedChains.clientSeedSlot,
      firstRoundId: rounds.id,
      createdAt: seedChains.createdAt,
    })
    .from(seedChains)
    .leftJoin(rounds, and(eq(rounds.chainId, seedChains.id), eq(rounds.chainIndex, 1)))
    .orderBy(desc(seedChains.id));
  const chains: SeedChainInfo[] = rows.map((row) => ({
    ...row,
    chainId: String(row.chainId),
    firstRoundId: row.firstRoundId === null ? null : String(row.firstRoundId),
  }));
  const [used] = await db.select({ chainId: max(rounds.chainId) }).from(rounds);
  // Chains are used in id order: the one of the newest round, else the oldest; the next is the one after it.
  const current = chains.find((chain) => Number(chain.chainId) === used?.chainId) ?? chains.at(-1) ?? null;
  const later = current ? chains.filter((chain) => Number(chain.chainId) > Number(current.chainId)) : [];
  return { current, next: later.at(-1) ?? null, chains, formula: FAIRNESS_FORMULA };
}

/** One round; its fullRate and salt only once it has ENDED or was voided. */
export async function roundDetails(db: Db, id: number): Promise<RoundDetails | null> {
  const row = await findRound(db, id);
  return row ? detailsOf(row, await rootsOf(db, [id])) : null;
}

/**
 * Up to `limit` ENDED and VOID rounds with an id below `before` (the newest ones when it is
 * null), oldest first: a page of GET /game/rounds, for replaying and auditing many rounds at once.
 */
export async function finishedRoundsBefore(db: Db, before: number | null, limit: number): Promise<RoundDetails[]> {
  const finished = inArray(rounds.state, ['ENDED', 'VOID']);
  const rows = await db
    .select()
    .from(rounds)
    .where(before === null ? finished : and(finished, lt(rounds.id, before)))
    .orderBy(desc(rounds.id))
    .limit(limit);
  const roots = await rootsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.reverse().map((row) => detailsOf(row, roots));
}

function detailsOf(row: RoundRow, roots: Map<number, string>): RoundDetails {
  const details: RoundDetails = {
    gameId: String(row.id),
    gameState: row.state as RoundDetails['gameState'],
    hash: row.hash,
    time: row.state === 'ENDED' || row.state === 'VOID' ? row.endedAt : null,
    chainId: row.chainId === null ? null : String(row.chainId),
    chainIndex: row.chainIndex,
  };
  if (row.state === 'ENDED') details.rate = (row.rateHundredths ?? 0) / 100;
  if (row.state === 'ENDED' || row.state === 'VOID') Object.assign(details, { fullRate: row.fullRate, salt: row.salt });
  const settlementRoot = roots.get(row.id);
  if (settlementRoot) details.settlementRoot = settlementRoot;
  return details;
}
