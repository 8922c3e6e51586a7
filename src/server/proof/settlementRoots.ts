/**
 * Settlement roots (docs/provably-fair.md "Settlement roots"): when a round ends or is voided, the
 * RFC 6962 root over its settled bets (src/shared/merkle.ts, leaves of src/shared/settlement.ts),
 * stored once with every leaf hash; and a bet's audit path to it. Reads the bets as players see
 * them (betRows.ts `toBet`), after their settlement, and writes nothing the money SQL reads.
 */

import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { auditPath, leafHash, merkleRoot } from '../../shared/merkle';
import { settlementLeaf, settlementLeaves } from '../../shared/settlement';
import type { BetProof } from '../../shared/protocol';
import type { Db } from '../db/client';
import { accounts, bets, rounds, settlementRoots } from '../db/schema';
import { toBet } from '../betting/betRows';

const HASH_HEX = 64;

/** A round's bets as published, canceled ones left out; the rows are locked FOR SHARE so a cash-out under way finishes first. */
async function publishedBets(db: Db, roundId: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ bet: bets, nickname: accounts.nickname })
      .from(bets)
      .innerJoin(accounts, eq(accounts.id, bets.accountId))
      .where(and(eq(bets.roundId, roundId), ne(bets.status, 'CANCELED')))
      .orderBy(asc(bets.id))
      .for('share', { of: bets });
    return rows.map((row) => toBet(row.bet, row.nickname));
  });
}

/**
 * Computes and stores the root of a finished round (once: a second call returns the stored one)
 * and returns it in hex.
 */
export async function sealRound(db: Db, roundId: number): Promise<string> {
  const leaves = settlementLeaves(String(roundId), await publishedBets(db, roundId)).map(leafHash);
  const root = merkleRoot(leaves);
  const [stored] = await db.transaction((tx) =>
    tx
      .insert(settlementRoots)
      .values({
        ...{ roundId, root, treeSize: leaves.length },
        ...{ leafHashes: leaves.map(bytesToHex).join(''), computedAt: Date.now() },
      })
      .onConflictDoUpdate({ target: settlementRoots.roundId, set: { roundId: sql`excluded.round_id` } })
      .returning({ root: settlementRoots.root }),
  );
  return stored!.root;
}

/** How many of the newest finished rounds `sealMissing` looks at: a failure leaves at most the last few without a root. */
const MISSING_LOOKBACK = 10;

/** Seals the newest finished rounds that have no root (a failed or interrupted end); returns their ids. */
export async function sealMissing(db: Db): Promise<number[]> {
  const missing = await db
    .select({ id: rounds.id })
    .from(rounds)
    .leftJoin(settlementRoots, eq(settlementRoots.roundId, rounds.id))
    .where(
      and(
        inArray(rounds.state, ['ENDED', 'VOID']),
        sql`${settlementRoots.roundId} IS NULL`,
        sql`${rounds.id} > (SELECT coalesce(max(id), 0) - ${MISSING_LOOKBACK} FROM rounds)`,
      ),
    )
    .orderBy(asc(rounds.id));
  for (const { id } of missing) await sealRound(db, id);
  return missing.map((row) => row.id);
}

/** The stored roots of these rounds. */
export async function rootsOf(db: Db, roundIds: number[]): Promise<Map<number, string>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .select({ roundId: settlementRoots.roundId, root: settlementRoots.root })
    .from(settlementRoots)
    .where(inArray(settlementRoots.roundId, roundIds));
  return new Map(rows.map((row) => [row.roundId, row.root]));
}

/**
 * A bet's leaf as it stands now, and its audit path over the leaf hashes stored with the root: a
 * bet changed since proves nothing, and every other bet of its round still does. Null when the bet
 * does not exist, was canceled, or its round has no root yet.
 */
export async function betProof(db: Db, betId: number): Promise<BetProof | null> {
  const [row] = await db
    .select({ bet: bets, nickname: accounts.nickname, sealed: settlementRoots })
    .from(bets)
    .innerJoin(accounts, eq(accounts.id, bets.accountId))
    .innerJoin(settlementRoots, eq(settlementRoots.roundId, bets.roundId))
    .where(eq(bets.id, betId));
  if (!row || row.bet.status === 'CANCELED') return null;
  const { sealed } = row;
  const [before] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bets)
    .where(and(eq(bets.roundId, row.bet.roundId), ne(bets.status, 'CANCELED'), lt(bets.id, betId)));
  const index = before!.n;
  if (index >= sealed.treeSize) return null;
  const hashes = Array.from({ length: sealed.treeSize }, (_, i) =>
    hexToBytes(sealed.leafHashes.slice(i * HASH_HEX, (i + 1) * HASH_HEX)),
  );
  const gameId = String(row.bet.roundId);
  return {
    gameId,
    leaf: settlementLeaf(gameId, toBet(row.bet, row.nickname)),
    index,
    treeSize: sealed.treeSize,
    path: auditPath(hashes, index),
    root: sealed.root,
  };
}
