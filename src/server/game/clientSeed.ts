/**
 * The public client seed of a seed chain (docs/provably-fair.md "The scheme"): a value the operator cannot choose,
 * fixed only after the chain's commitment is published. On a real cluster it is the blockhash
 * of the first finalized block at or after a slot announced with the commitment; on the local
 * chain (play money) the local blockhash at commitment time, recorded.
 */

import type { Chain } from '../chain/Chain';

/** Slots between the commitment and the block whose hash becomes the client seed (about 4 s). */
const CLIENT_SEED_SLOTS_AHEAD = 10;

const CLUSTER_NAMES = { local: 'local', devnet: 'devnet', test: 'testnet', main: 'mainnet-beta' } as const;

export interface ClientSeedAnnouncement {
  /** Known at once on the local chain; null until the announced block is finalized elsewhere. */
  clientSeed: string | null;
  source: string;
  slot: number | null;
}

export interface ClientSeedSource {
  /** Called as a chain is committed. */
  announce(): Promise<ClientSeedAnnouncement>;
  /** The client seed of an announced slot once its block is finalized, else null. */
  resolve(slot: number): Promise<{ clientSeed: string; source: string } | null>;
}

export function clientSeedSource(chain: Chain): ClientSeedSource {
  const cluster = CLUSTER_NAMES[chain.type];
  const { currentSlot, finalizedBlockFrom } = chain;
  // The local chain (in-process or served over RPC) moves to a new block once a minute at most.
  if (chain.type === 'local' || !currentSlot || !finalizedBlockFrom) {
    return {
      announce: async () => ({
        clientSeed: (await chain.latestBlockhash()).blockhash,
        source: `the ${cluster} chain's latest blockhash when the commitment was made (play money: it cannot be checked elsewhere)`,
        slot: null,
      }),
      resolve: async () => null,
    };
  }
  const announced = (slot: number) => `the blockhash of the first finalized ${cluster} block at or after slot ${slot}`;
  return {
    async announce() {
      const slot = (await currentSlot.call(chain)) + CLIENT_SEED_SLOTS_AHEAD;
      return { clientSeed: null, source: `${announced(slot)}, announced with the commitment`, slot };
    },
    async resolve(slot) {
      const block = await finalizedBlockFrom.call(chain, slot);
      if (!block) return null;
      return {
        clientSeed: block.blockhash,
        source: `${announced(slot)}, announced with the commitment: block ${block.slot}`,
      };
    },
  };
}
