/** The local chain of a cluster (CHAIN=local with LOCAL_CHAIN_URL): served by another process, reached over RPC. */

import { type Connection, type Keypair, PublicKey } from '@solana/web3.js';
import { RpcChain, type RpcConnection } from './RpcChain';

/**
 * Everything goes through RPC as on a real cluster, plus the faucet (requestAirdrop). Its type is
 * `local`, so it is treated as the in-process chain is: play money on one node whose blockhash is
 * never served from a cache, and client seeds taken from its latest blockhash.
 */
export class LocalRpcChain extends RpcChain {
  constructor(
    private readonly node: RpcConnection & Pick<Connection, 'requestAirdrop'>,
    house: Keypair,
  ) {
    super('local', node, house);
  }

  async airdrop(wallet: string, lamports: bigint): Promise<string> {
    if (lamports > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('an airdrop that large cannot be asked for');
    return this.node.requestAirdrop(new PublicKey(wallet), Number(lamports));
  }
}
