import { describe, expect, it } from 'vitest';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { verifyDeposit } from '../../src/server/payments/verifyDeposit';
import { MEMO_PROGRAM_ID } from '../../src/shared/deposit';

const player = Keypair.generate();
const house = Keypair.generate().publicKey;
const blockhash = 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi';
const expected = { wallet: player.publicKey.toBase58(), house: house.toBase58(), lamports: 10_000_000n };
const transfer = (lamports = 10_000_000) =>
  SystemProgram.transfer({ fromPubkey: player.publicKey, toPubkey: house, lamports });

function legacy(...instructions: TransactionInstruction[]): Uint8Array {
  const tx = new Transaction({ feePayer: player.publicKey, recentBlockhash: blockhash }).add(...instructions);
  tx.sign(player);
  return tx.serialize();
}

describe('deposit verification', () => {
  it('accepts one transfer with compute budget and memo instructions, and names its signature and blockhash', () => {
    const wire = legacy(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 }),
      transfer(),
      new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from('hi') }),
    );
    const verified = verifyDeposit(wire, expected);
    expect(verified.blockhash).toBe(blockhash);
    expect(verified.signature).toMatch(/^\w{86,88}$/);
  });

  it('accepts a versioned transaction', () => {
    const message = new TransactionMessage({
      payerKey: player.publicKey,
      recentBlockhash: blockhash,
      instructions: [transfer()],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([player]);
    expect(verifyDeposit(tx.serialize(), expected).blockhash).toBe(blockhash);
  });

  it('refuses instructions of any other program', () => {
    const other = new TransactionInstruction({
      programId: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
      keys: [],
      data: Buffer.alloc(1),
    });
    expect(() => verifyDeposit(legacy(transfer(), other), expected)).toThrow('The deposit may only transfer SOL');
  });

  it('refuses System instructions other than a transfer', () => {
    const assign = SystemProgram.assign({ accountPubkey: player.publicKey, programId: house });
    expect(() => verifyDeposit(legacy(transfer(), assign), expected)).toThrow('The deposit may only transfer SOL');
  });

  it('refuses a transaction without a transfer and bytes that are not a transaction', () => {
    expect(() => verifyDeposit(legacy(ComputeBudgetProgram.setComputeUnitLimit({ units: 1000 })), expected)).toThrow(
      'exactly one transfer',
    );
    expect(() => verifyDeposit(Uint8Array.of(1, 2, 3), expected)).toThrow('could not be read');
  });

  it('refuses two transfers to the house that add up to the amount', () => {
    expect(() => verifyDeposit(legacy(transfer(5_000_000), transfer(5_000_000)), expected)).toThrow(
      'amount does not match',
    );
    expect(() => verifyDeposit(legacy(transfer(), transfer()), expected)).toThrow('exactly one transfer');
  });
});
