/** The local chain served over JSON-RPC in the test's process, on a free loopback port, as `npm run chain:local` serves it. */

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair } from '@solana/web3.js';
import { LocalChain } from '../../src/server/chain/LocalChain';
import { localChainRpc } from '../../src/server/chain/localChainRpc';

export interface ServedChain {
  /** The chain itself, to look at balances and move blockhashes behind the servers' backs. */
  chain: LocalChain;
  /** What servers get as LOCAL_CHAIN_URL. */
  url: string;
  /** An outage: stops answering (every connection cut), keeping the chain. */
  down(): Promise<void>;
  /** Ends the outage: the same chain answers again at the same URL. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function serveLocalChain(house = Keypair.generate()): Promise<ServedChain> {
  const chain = new LocalChain(house);
  const listen = async (port: number) => {
    const server = localChainRpc(chain);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  let server: Server = await listen(0);
  const { port } = server.address() as AddressInfo;
  const down = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    chain,
    url: `http://127.0.0.1:${port}`,
    down,
    up: async () => {
      server = await listen(port);
    },
    close: down,
  };
}
