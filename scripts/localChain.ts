/**
 * `npm run chain:local`: the local chain of a cluster. One LiteSVM in this process, served as
 * Solana JSON-RPC on PORT (8899, a Solana node's port) to every server started with CHAIN=local
 * and LOCAL_CHAIN_URL, so they all see one chain. The house key is read from (or made in) DATA_DIR,
 * which the servers share. The chain is in memory: it starts empty at every start.
 */

import { loadHouseKey } from '../src/server/chain/houseKey';
import { LocalChain } from '../src/server/chain/LocalChain';
import { localChainRpc } from '../src/server/chain/localChainRpc';

const port = Number(process.env.PORT || 8899);
const host = process.env.HOST || 'localhost';
if (!Number.isInteger(port) || port < 0) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);

const chain = new LocalChain(loadHouseKey(process.env.DATA_DIR || './data'));
localChainRpc(chain).listen(port, host, () => {
  console.log(`the local chain answers Solana JSON-RPC at http://${host}:${port} (house wallet ${chain.houseAddress})`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
