/** The local chain served over JSON-RPC in the test's process, on a free loopback port, as `npm run chain:local` serves it. */

import type { AddressInfo } from 'node:net';
import { Keypair } from '@solana/web3.js';
import { LocalChain } from '../../src/server/chain/LocalChain';
import { localChainRpc } from '../../src/server/chain/localChainRpc';

export interface ServedChain {
  /** The chain itself, to look at balances and move blockhashes behind the servers' backs. */
  chain: LocalChain;
  /** What servers get as LOCAL_CHAIN_URL. */
  url: string;
  close(): Promise<void>;
}

export async function serveLocalChain(house = Keypair.generate()): Promise<ServedChain> {
  const chain = new LocalChain(house);
  const server = localChainRpc(chain);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chain,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
