/**
 * Where round secrets come from (docs/provably-fair.md "The scheme"): link i of the seed chain in use, i one past
 * the last link a round used, so a restart continues the chain. The next chain is committed (and
 * shown by GET /game/fairness as `next`) while the one in use still has SEED_CHAIN_AHEAD links left.
 */

import { and, asc, eq, gte, isNull, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { roundFromSeed, type RoundSecret } from '../../shared/fairness';
import type { Db } from '../db/client';
import { rounds, seedChains } from '../db/schema';
import type { ClientSeedSource } from './clientSeed';
import { buildChain, seal, seedAt, unseal } from './seedChainMath';

type SeedChainRow = typeof seedChains.$inferSelect;

/** A round's secret and the link of the chain it came from. */
export interface DrawnRound extends RoundSecret {
  chainId?: number;
  chainIndex?: number;
}

interface SeedChainsOptions {
  /** The leader's fenced database (services.ts): every write runs in a transaction, so a deposed engine writes nothing. */
  db: Db;
  /** Encrypts the chain's secret links at rest. */
  key: Uint8Array;
  clientSeeds: ClientSeedSource;
  log: FastifyBaseLogger;
  /** N, links per chain. */
  length: number;
  /** K, links between stored checkpoints. */
  checkpointEvery: number;
  /** How often to ask the chain for an announced client seed. */
  pollMs?: number;
  /** How long one draw waits for it before failing (the engine retries). */
  waitMs?: number;
  /** Commit the next chain when the one in use has fewer links left than this (none: when it has run out). */
  ahead?: number;
}

export class SeedChains {
  private readonly opened = new Map<number, Buffer[]>();
  private closed = false;
  private announcing: Promise<SeedChainRow | undefined> | undefined;

  constructor(private readonly options: SeedChainsOptions) {}

  /**
   * The next round's secret: the link after the last one a round used, on the chain in use, else
   * link 1 of the chain after it (committed ahead), else of a chain committed now. When the chain in
   * use has fewer than `ahead` links left and none follows it, the next one is committed in the
   * background, so it is published well before its first round.
   */
  async next(): Promise<DrawnRound> {
    const { db } = this.options;
    const [used] = await db.select({ chainId: max(rounds.chainId) }).from(rounds);
    const usedChain = used?.chainId ?? 0;
    const [last] = usedChain
      ? await db
          .select({ index: max(rounds.chainIndex) })
          .from(rounds)
          .where(eq(rounds.chainId, usedChain))
      : [];
    const candidates = await db
      .select()
      .from(seedChains)
      .where(gte(seedChains.id, usedChain))
      .orderBy(asc(seedChains.id));
    let drawn: { chain: SeedChainRow; checkpoints: Buffer[]; index: number } | undefined;
    for (const chain of candidates) {
      const index = chain.id === usedChain ? (last?.index ?? 0) + 1 : 1;
      const checkpoints = index <= chain.length ? this.open(chain) : undefined;
      if (checkpoints) {
        drawn = { chain, checkpoints, index };
        break;
      }
    }
    if (!drawn) {
      const chain = (await this.announcing) ?? (await this.commit());
      drawn = { chain, checkpoints: this.open(chain)!, index: 1 };
    }
    const { chain, checkpoints, index } = drawn;
    const followed = candidates.some((other) => other.id > chain.id);
    if (this.options.ahead !== undefined && chain.length - index < this.options.ahead && !followed) this.announceNext();
    const clientSeed = chain.clientSeed ?? (await this.waitForClientSeed(chain));
    const seed = seedAt(checkpoints, chain.checkpointEvery, chain.length, index);
    return { ...(await roundFromSeed(seed, clientSeed)), chainId: chain.id, chainIndex: index };
  }

  /** Commits the next chain in the background, once; `announced()` waits for it. */
  private announceNext(): void {
    if (this.announcing) return;
    this.announcing = this.commit()
      .catch((error: unknown) => {
        this.options.log.error(
          { err: error },
          'committing the next seed chain ahead failed; it is committed when needed',
        );
        return undefined;
      })
      .finally(() => {
        this.announcing = undefined;
      });
  }

  /** Resolves once a chain being committed ahead is stored (at once when none is). */
  async announced(): Promise<void> {
    await this.announcing;
  }

  /** Ends any wait for a client seed or a chain being built, so the engine can stop. */
  close(): void {
    this.closed = true;
  }

  /** Makes and stores a new chain; its commitment is public from now on. */
  private async commit(): Promise<SeedChainRow> {
    const { db, key, length, checkpointEvery, clientSeeds, log } = this.options;
    const { commitment, checkpoints } = await buildChain(length, checkpointEvery, () => this.closed);
    const announcement = await clientSeeds.announce();
    const [chain] = await db.transaction((tx) =>
      tx
        .insert(seedChains)
        .values({
          ...{ commitment, length, checkpointEvery, sealedCheckpoints: seal(key, commitment, checkpoints) },
          ...{ clientSeed: announcement.clientSeed, clientSeedSource: announcement.source },
          ...{ clientSeedSlot: announcement.slot, createdAt: Date.now() },
        })
        .returning(),
    );
    if (!chain) throw new Error('the new seed chain was not stored');
    this.opened.set(chain.id, checkpoints);
    log.info({ chainId: chain.id, commitment, length, clientSeedSource: announcement.source }, 'seed chain committed');
    return chain;
  }

  /** The chain's checkpoints, or undefined when this key cannot open them (a new chain is needed). */
  private open(chain: SeedChainRow): Buffer[] | undefined {
    let checkpoints = this.opened.get(chain.id);
    if (checkpoints) return checkpoints;
    try {
      checkpoints = unseal(this.options.key, chain.commitment, chain.sealedCheckpoints);
    } catch {
      this.options.log.error(
        { chainId: chain.id },
        'the seed key cannot open this seed chain (was SEED_SECRET or DATA_DIR/secrets.json changed?); committing a new chain',
      );
      return undefined;
    }
    this.opened.set(chain.id, checkpoints);
    return checkpoints;
  }

  /** Rounds wait until the announced block is finalized; then its hash is recorded as the client seed. */
  private async waitForClientSeed(chain: SeedChainRow): Promise<string> {
    const { db, clientSeeds, log, pollMs = 1000, waitMs = 60_000 } = this.options;
    const slot = chain.clientSeedSlot;
    if (slot === null) throw new Error(`seed chain ${chain.id} has neither a client seed nor a slot to take it from`);
    for (const until = Date.now() + waitMs; !this.closed && Date.now() < until;) {
      const resolved = await clientSeeds.resolve(slot);
      if (resolved) {
        await db.transaction((tx) =>
          tx
            .update(seedChains)
            .set({ clientSeed: resolved.clientSeed, clientSeedSource: resolved.source })
            .where(and(eq(seedChains.id, chain.id), isNull(seedChains.clientSeed))),
        );
        log.info({ chainId: chain.id, clientSeed: resolved.clientSeed }, 'seed chain client seed recorded');
        return resolved.clientSeed;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    throw new Error(`seed chain ${chain.id}: the block after slot ${slot} is not finalized yet`);
  }
}
