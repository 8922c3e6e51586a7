/**
 * Anchors (docs/provably-fair.md "Anchors"): every ANCHOR_EVERY_MS the leading engine writes a root
 * of the round roots computed since the last anchor to the chain, in a memo transaction, so a root
 * the operator later rewrote no longer matches what the chain kept.
 */

import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { anchorMemo, rootOfRoots } from '../../shared/settlement';
import type { Anchor } from '../../shared/protocol';
import type { Db } from '../db/client';
import type { Chain } from '../chain/Chain';
import { rounds, settlementAnchors, settlementRoots } from '../db/schema';

/** The most anchors one page of GET /fairness/anchors holds. */
const ANCHORS_PAGE = 100;

/**
 * Writes one anchor over the rounds sealed since the last one, up to the last round before any
 * finished round still without a root (so an anchor's range never has a hole a later root fills).
 * Returns it, or null when there is nothing new.
 */
export async function writeAnchor(db: Db, chain: Chain, now: number): Promise<Anchor | null> {
  const [last] = await db.select().from(settlementAnchors).orderBy(desc(settlementAnchors.toRound)).limit(1);
  const after = last?.toRound ?? 0;
  const [hole] = await db
    .select({ id: rounds.id })
    .from(rounds)
    .leftJoin(settlementRoots, eq(settlementRoots.roundId, rounds.id))
    .where(and(gt(rounds.id, after), inArray(rounds.state, ['ENDED', 'VOID']), sql`${settlementRoots.roundId} IS NULL`))
    .orderBy(asc(rounds.id))
    .limit(1);
  const sealed = await db
    .select({ roundId: settlementRoots.roundId, root: settlementRoots.root })
    .from(settlementRoots)
    .where(and(gt(settlementRoots.roundId, after), hole ? lt(settlementRoots.roundId, hole.id) : undefined))
    .orderBy(asc(settlementRoots.roundId));
  if (sealed.length === 0) return null;
  const fromRound = sealed[0]!.roundId;
  const toRound = sealed.at(-1)!.roundId;
  const root = rootOfRoots(sealed.map((row) => ({ gameId: String(row.roundId), settlementRoot: row.root })));
  const memo = anchorMemo(String(fromRound), String(toRound), root);
  const signature = await chain.writeMemo(memo);
  const [row] = await db.transaction((tx) =>
    tx
      .insert(settlementAnchors)
      .values({ fromRound, toRound, root, rounds: sealed.length, memo, signature, createdAt: now })
      .returning(),
  );
  return anchorOf(row!);
}

/** Anchors newest first, a page at a time: `before` is the last anchorId of the previous page. */
export async function listAnchors(db: Db, before: number | undefined): Promise<Anchor[]> {
  const rows = await db
    .select()
    .from(settlementAnchors)
    .where(before === undefined ? undefined : lt(settlementAnchors.id, before))
    .orderBy(desc(settlementAnchors.id))
    .limit(ANCHORS_PAGE);
  return rows.map(anchorOf);
}

function anchorOf(row: typeof settlementAnchors.$inferSelect): Anchor {
  return {
    anchorId: String(row.id),
    fromGameId: String(row.fromRound),
    toGameId: String(row.toRound),
    rounds: row.rounds,
    root: row.root,
    memo: row.memo,
    signature: row.signature,
    createdAt: row.createdAt,
  };
}

/** Runs writeAnchor every `everyMs` while `leading()` says this process runs the rounds. */
export class Anchorer {
  private timer: NodeJS.Timeout | undefined;
  private busy = false;

  constructor(
    private readonly options: {
      db: Db;
      chain: Chain;
      log: FastifyBaseLogger;
      everyMs: number;
      leading: () => boolean;
      now: () => number;
    },
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.options.everyMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    const { db, chain, log, leading, now } = this.options;
    if (!leading() || this.busy) return;
    this.busy = true;
    try {
      const anchor = await writeAnchor(db, chain, now());
      if (anchor)
        log.info({ from: anchor.fromGameId, to: anchor.toGameId, signature: anchor.signature }, 'settlements anchored');
    } catch (error) {
      log.error({ err: error }, 'anchoring the settlement roots failed; the next anchor covers them');
    } finally {
      this.busy = false;
    }
  }
}
