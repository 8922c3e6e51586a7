import { describe, expect, it } from 'vitest';
import { Keypair, SendTransactionError, Transaction, type SignatureStatus } from '@solana/web3.js';
import { RpcChain, type RpcConnection } from '../../src/server/chain/RpcChain';
import { ChainRejected } from '../../src/server/chain/Chain';
import { MEMO_PROGRAM_ID } from '../../src/shared/deposit';

/** A cluster that answers from fixed values; no network. */
function cluster(answers: {
  status?: SignatureStatus | null;
  height?: number;
  send?: () => never;
  finalizedSlot?: number;
  blocks?: number[];
  blockhashValid?: boolean;
}) {
  const sent: Uint8Array[] = [];
  const connection: RpcConnection = {
    getLatestBlockhash: async () => ({
      blockhash: 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi',
      lastValidBlockHeight: 1200,
    }),
    isBlockhashValid: async () => ({ context: { slot: 1 }, value: answers.blockhashValid ?? true }),
    getBlockHeight: async () => answers.height ?? 1000,
    sendRawTransaction: async (wire) => {
      answers.send?.();
      sent.push(Uint8Array.from(wire as Uint8Array));
      return 'ignored';
    },
    getSignatureStatuses: async () => ({ context: { slot: 1 }, value: [answers.status ?? null] }),
    getBalance: async () => 42,
    getSlot: async (commitment) => (commitment === 'finalized' ? (answers.finalizedSlot ?? 500) : 532),
    getBlocks: async (start, end) => (answers.blocks ?? []).filter((slot) => slot >= start && slot <= (end ?? start)),
    getBlock: (async (slot: number) => ({ blockhash: `hash-of-${slot}` })) as unknown as RpcConnection['getBlock'],
  };
  return { connection, sent };
}

const house = Keypair.generate();
const status = (
  confirmationStatus: SignatureStatus['confirmationStatus'],
  err: SignatureStatus['err'] = null,
): SignatureStatus => ({
  slot: 1,
  confirmations: null,
  err,
  confirmationStatus,
});

describe('RpcChain', () => {
  it('gives the first finalized block at or after a slot, skipping empty slots, and nothing before it is final', async () => {
    const at = (finalizedSlot: number) => new RpcChain('devnet', cluster({ finalizedSlot, blocks: [598, 603] }).connection, house);
    expect(await at(500).currentSlot()).toBe(532);
    expect(await at(599).finalizedBlockFrom(600)).toBeNull();
    expect(await at(602).finalizedBlockFrom(600)).toBeNull();
    expect(await at(700).finalizedBlockFrom(600)).toEqual({ slot: 603, blockhash: 'hash-of-603' });
  });

  it('credits only at finalized and counts a failure only once finalized', async () => {
    const ask = (answer: SignatureStatus | null) =>
      new RpcChain('devnet', cluster({ status: answer }).connection, house).status('sig');
    expect(await ask(null)).toEqual({ state: 'unknown' });
    expect(await ask(status('processed'))).toEqual({ state: 'pending' });
    expect(await ask(status('confirmed'))).toEqual({ state: 'confirmed' });
    expect(await ask(status('finalized'))).toEqual({ state: 'finalized' });
    expect(await ask(status('confirmed', { InstructionError: [0, 'Custom'] }))).toEqual({ state: 'pending' });
    expect(await ask(status('finalized', { InstructionError: [0, { Custom: 1 }] }))).toEqual({
      state: 'failed',
      reason: '{"InstructionError":[0,{"Custom":1}]}',
    });
    expect(await ask(status('finalized', 'InstructionError(0, Custom(1))'))).toEqual({
      state: 'failed',
      reason: 'InstructionError(0, Custom(1))',
    });
  });

  it("bounds a transaction's own blockhash by the latest one once the node knows it, and knows nothing otherwise", async () => {
    const known = new RpcChain('devnet', cluster({ blockhashValid: true }).connection, house);
    expect(await known.lastValidHeightOf('any')).toBe(1200n);
    const unknown = new RpcChain('devnet', cluster({ blockhashValid: false }).connection, house);
    expect(await unknown.lastValidHeightOf('any')).toBeNull();
  });

  it('judges expiry on the finalized block height', async () => {
    expect(await new RpcChain('test', cluster({ height: 1200 }).connection, house).expired(1200n)).toBe(false);
    expect(await new RpcChain('test', cluster({ height: 1201 }).connection, house).expired(1200n)).toBe(true);
  });

  it('signs a house transfer with the cluster blockhash and a memo, and sends those exact bytes', async () => {
    const { connection, sent } = cluster({});
    const chain = new RpcChain('main', connection, house);
    const to = Keypair.generate().publicKey.toBase58();
    const transfer = await chain.transferFromHouse(to, 123n, 'moonrush withdrawal 7');
    expect(transfer.lastValidBlockHeight).toBe(1200n);
    const tx = Transaction.from(transfer.wire);
    expect(tx.verifySignatures()).toBe(true);
    expect(tx.feePayer?.toBase58()).toBe(chain.houseAddress);
    expect(tx.instructions[1]?.programId.equals(MEMO_PROGRAM_ID)).toBe(true);
    expect(sent).toEqual([]);
    expect(await chain.submit(transfer.wire)).toBe(transfer.signature);
    expect(sent).toEqual([transfer.wire]);
    expect(await chain.balance(to)).toBe(42n);
  });

  it('takes "already processed" as a sent transaction and anything else the cluster refuses as a rejection', async () => {
    const refusal = (message: string) => () => {
      throw new SendTransactionError({ action: 'send', signature: '', transactionMessage: message });
    };
    const wire = (
      await new RpcChain('devnet', cluster({}).connection, house).transferFromHouse(house.publicKey.toBase58(), 1n, 'm')
    ).wire;
    const processed = new RpcChain(
      'devnet',
      cluster({ send: refusal('Transaction simulation failed: This transaction has already been processed') })
        .connection,
      house,
    );
    await expect(processed.submit(wire)).resolves.toMatch(/\w{80,}/);
    const refused = new RpcChain(
      'devnet',
      cluster({ send: refusal('Transaction simulation failed: Blockhash not found') }).connection,
      house,
    );
    await expect(refused.submit(wire)).rejects.toBeInstanceOf(ChainRejected);
  });
});
