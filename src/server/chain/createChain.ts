/** Picks the chain for CHAIN: LiteSVM in-process or served by LOCAL_CHAIN_URL for local, a real cluster through RPC_URL otherwise. */

import { Connection } from '@solana/web3.js';
import type { Config } from '../config';
import type { PaymentEnvironmentType } from '../../shared/protocol';
import type { Chain } from './Chain';
import { loadHouseKey } from './houseKey';
import { LocalChain } from './LocalChain';
import { LocalRpcChain } from './LocalRpcChain';
import { RpcChain } from './RpcChain';

const ENVIRONMENT_TYPES: Record<Exclude<Config['chain'], 'local'>, PaymentEnvironmentType> = {
  devnet: 'devnet',
  testnet: 'test',
  mainnet: 'main',
};

/** The house key lives in DATA_DIR for every chain; on a real cluster the operator funds its address. */
export function createChain(
  config: Pick<Config, 'chain' | 'rpcUrl' | 'localChainUrl' | 'localBlockhashTtlMs' | 'dataDir'>,
): Chain {
  const house = loadHouseKey(config.dataDir);
  if (config.chain === 'local') {
    if (config.localChainUrl) return new LocalRpcChain(new Connection(config.localChainUrl, 'confirmed'), house);
    return new LocalChain(house, config.localBlockhashTtlMs);
  }
  if (!config.rpcUrl) throw new Error(`CHAIN=${config.chain} needs RPC_URL`);
  return new RpcChain(ENVIRONMENT_TYPES[config.chain], new Connection(config.rpcUrl, 'confirmed'), house);
}
