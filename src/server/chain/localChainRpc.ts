/**
 * The local chain served to a whole cluster (docs/operations.md "Cluster"): LiteSVM lives in one process, so
 * that process answers the subset of Solana's JSON-RPC 2.0 that `LocalRpcChain` (web3.js's
 * Connection) calls, in the shapes web3.js 1.x checks, and every server talks to it as to a real
 * cluster. Nothing is cached here: the local chain accepts only its newest blockhash.
 */

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { LocalChain } from './LocalChain';
import { ChainRejected } from './Chain';

/** A request body past this is refused (a transaction is at most 1,232 bytes). */
const BODY_LIMIT = 64 * 1024;

/** JSON-RPC 2.0 error codes, plus the one a Solana node answers a failed preflight with. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const PREFLIGHT_FAILED = -32002;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

type Method = (chain: LocalChain, params: unknown[]) => Promise<unknown>;

/** The chain has no slots of its own: its block height (one per blockhash) stands in for the slot. */
async function height(chain: LocalChain): Promise<number> {
  return Number((await chain.latestBlockhash()).lastValidBlockHeight);
}

/** The `{ context: { slot }, value }` wrapper web3.js expects around most answers. */
async function withContext(chain: LocalChain, value: unknown): Promise<unknown> {
  return { context: { slot: await height(chain) }, value };
}

function text(params: unknown[], at: number): string {
  const value = params[at];
  if (typeof value !== 'string') throw new RpcError(INVALID_PARAMS, `Invalid params: parameter ${at} must be a string`);
  return value;
}

/** A chain answer about an address it cannot read (not base58, wrong length) is a params error. */
async function aboutAddress<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof ChainRejected) throw error;
    throw new RpcError(INVALID_PARAMS, `Invalid params: ${(error as Error).message}`);
  }
}

const METHODS: Record<string, Method> = {
  getHealth: async () => 'ok',
  getLatestBlockhash: async (chain) => {
    const latest = await chain.latestBlockhash();
    return withContext(chain, {
      blockhash: latest.blockhash,
      lastValidBlockHeight: Number(latest.lastValidBlockHeight),
    });
  },
  isBlockhashValid: async (chain, params) =>
    withContext(chain, (await chain.latestBlockhash()).blockhash === text(params, 0)),
  getBlockHeight: height,
  sendTransaction: async (chain, params) => {
    const { encoding = 'base58' } = (params[1] ?? {}) as { encoding?: string };
    if (encoding !== 'base64') throw new RpcError(INVALID_PARAMS, 'Invalid params: only base64 encoding is served');
    const wire = Buffer.from(text(params, 0), 'base64');
    try {
      return await chain.submit(wire);
    } catch (error) {
      // A node answers a transaction it refuses with a preflight failure; web3.js makes it a SendTransactionError.
      if (error instanceof ChainRejected)
        throw new RpcError(PREFLIGHT_FAILED, `Transaction simulation failed: ${error.message}`, {
          err: error.message,
          logs: [],
        });
      throw new RpcError(INVALID_PARAMS, `failed to deserialize the transaction: ${(error as Error).message}`);
    }
  },
  getSignatureStatuses: async (chain, params) => {
    const signatures = params[0];
    if (!Array.isArray(signatures) || !signatures.every((s) => typeof s === 'string'))
      throw new RpcError(INVALID_PARAMS, 'Invalid params: parameter 0 must be a list of signatures');
    const slot = await height(chain);
    const value = await Promise.all(
      signatures.map(async (signature: string) => {
        const status = await chain.status(signature);
        if (status.state === 'unknown') return null;
        const err = status.state === 'failed' ? status.reason : null;
        return { slot, confirmations: null, err, confirmationStatus: 'finalized' };
      }),
    );
    return withContext(chain, value);
  },
  getBalance: async (chain, params) =>
    withContext(chain, Number(await aboutAddress(() => chain.balance(text(params, 0))))),
  requestAirdrop: async (chain, params) => {
    const lamports = params[1];
    if (!Number.isSafeInteger(lamports) || (lamports as number) <= 0)
      throw new RpcError(INVALID_PARAMS, 'Invalid params: lamports must be a positive integer');
    return aboutAddress(() => chain.airdrop(text(params, 0), BigInt(lamports as number)));
  },
};

interface Request {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/** One JSON-RPC call; errors become error answers, never exceptions. */
async function answer(chain: LocalChain, request: Request): Promise<object> {
  const id = typeof request?.id === 'string' || typeof request?.id === 'number' ? request.id : null;
  try {
    if (request?.jsonrpc !== '2.0' || typeof request.method !== 'string')
      throw new RpcError(INVALID_REQUEST, 'Invalid request');
    const method = Object.hasOwn(METHODS, request.method) ? METHODS[request.method] : undefined;
    if (!method) throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${request.method}`);
    const params = request.params ?? [];
    if (!Array.isArray(params)) throw new RpcError(INVALID_PARAMS, 'Invalid params: expected a list');
    return { jsonrpc: '2.0', id, result: await method(chain, params) };
  } catch (error) {
    const { code, message, data } =
      error instanceof RpcError ? error : new RpcError(-32603, `Internal error: ${(error as Error).message}`);
    return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
  }
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * An HTTP server answering JSON-RPC POSTs (one call or a batch) on any path, like a Solana node,
 * and `GET /health` with `ok` for whoever waits for it to come up. Call listen() on it.
 */
export function localChainRpc(chain: LocalChain): Server {
  return createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
      return;
    }
    if (request.method !== 'POST') return reply(405, { error: 'POST a JSON-RPC request' });
    void readBody(request).then(
      async (body) => {
        if (body === null) return reply(413, { error: 'request too large' });
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          return reply(200, { jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'Parse error' } });
        }
        // Calls of a batch run one after another, as they would on one node.
        if (!Array.isArray(parsed)) return reply(200, await answer(chain, parsed as Request));
        const answers: object[] = [];
        for (const call of parsed) answers.push(await answer(chain, call as Request));
        return reply(200, answers);
      },
      () => request.destroy(),
    );
  });
}
