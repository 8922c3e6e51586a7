import { describe, expect, it } from 'vitest';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { decodeDepositProgram, depositInstruction, lamportsLE } from '../../src/shared/deposit';
import { solToLamports } from '../../src/shared/money';

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('the deposit instruction (docs/wire.md "Payments")', () => {
  const house = Keypair.generate().publicKey;
  const player = Keypair.generate().publicKey;
  const program = decodeDepositProgram({
    programInfo: base64Json({ programId: SystemProgram.programId.toBase58(), discriminator: [2, 0, 0, 0] }),
    programData: base64Json({ adminWallets: [house.toBase58(), Keypair.generate().publicKey.toBase58()] }),
  });

  it('encodes the amount as 8 bytes of little-endian lamports', () => {
    expect(Buffer.from(lamportsLE(solToLamports(0.05)!)).toString('hex')).toBe('80f0fa0200000000');
    expect(Buffer.from(lamportsLE(2n ** 64n - 1n)).toString('hex')).toBe('ffffffffffffffff');
  });

  it('is discriminator ++ u64 LE lamports to the program, from the player (signer, writable) to adminWallets[0] (writable)', () => {
    const ix = depositInstruction(program, player, 50_000_000n);
    expect(ix.programId.equals(SystemProgram.programId)).toBe(true);
    expect(Buffer.from(ix.data).toString('hex')).toBe('02000000' + '80f0fa0200000000');
    expect(ix.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual([
      [player.toBase58(), true, true],
      [house.toBase58(), false, true],
    ]);
  });

  it('is exactly a System transfer with the server discriminator', () => {
    const ix = depositInstruction(program, player, 123n);
    const transfer = SystemProgram.transfer({ fromPubkey: player, toPubkey: house, lamports: 123n });
    const blockhash = Keypair.generate().publicKey.toBase58();
    const message = (i: typeof ix) =>
      new Transaction({ feePayer: player, recentBlockhash: blockhash }).add(i).serializeMessage().toString('hex');
    expect(message(ix)).toBe(message(transfer));
  });

  it('refuses program data without a recipient', () => {
    expect(() =>
      decodeDepositProgram({
        programInfo: base64Json({ programId: house.toBase58(), discriminator: [2] }),
        programData: base64Json({ adminWallets: [] }),
      }),
    ).toThrow(/not readable/);
  });
});
