/** What a player needs to audit rounds (docs/provably-fair.md "The scheme"): the seed chains and any round by id. */

import { and, desc, eq } from 'drizzle-orm';
import { FAIRNESS_FORMULA } from '../../shared/fairness';
import type { FairnessInfo, RoundDetails, SeedChainInfo } from '../../shared/protocol';
import type { Db } from '../db/client';
import { rounds, seedChains } from '../db/schema';
import { findRound } from './rounds';

/** Every seed chain, newest first, with the formula; the secret links never leave the database. */
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
  return { current: chains[0] ?? null, chains, formula: FAIRNESS_FORMULA };
}

/** One round; its fullRate and salt only once it has ENDED or was voided. */
export async function roundDetails(db: Db, id: number): Promise<RoundDetails | null> {
  const row = await findRound(db, id);
  if (!row) return null;
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
  return details;
}
