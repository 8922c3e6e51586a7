import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { keyFromJwk, newKeyJwk } from '../../../src/client/wallet/standard/ed25519Key';
import { signTransactionBytes } from '../../../src/client/wallet/standard/signTransactionBytes';

const newKey = async () => keyFromJwk(await newKeyJwk());

const transfer = (from: PublicKey) =>
  SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 5000 });
const blockhash = () => Keypair.generate().publicKey.toBase58();

describe('signing transaction bytes without a Solana library', () => {
  it('signs a legacy transaction in its own slot, leaving the other signer’s alone', async () => {
    const key = await newKey();
    const player = new PublicKey(key.publicKey);
    const other = Keypair.generate();
    const tx = new Transaction({ feePayer: other.publicKey, recentBlockhash: blockhash() }).add(transfer(player));
    tx.partialSign(other);
    const signed = Transaction.from(await signTransactionBytes(tx.serialize({ requireAllSignatures: false }), key));
    expect(signed.verifySignatures()).toBe(true);
    expect(signed.signatures.map((s) => s.publicKey.toBase58())).toEqual([other.publicKey.toBase58(), key.address]);
  });

  it('signs a v0 transaction', async () => {
    const key = await newKey();
    const player = new PublicKey(key.publicKey);
    const message = new TransactionMessage({
      payerKey: player,
      recentBlockhash: blockhash(),
      instructions: [transfer(player)],
    }).compileToV0Message();
    const signed = VersionedTransaction.deserialize(
      await signTransactionBytes(new VersionedTransaction(message).serialize(), key),
    );
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(key.publicKey)]);
    const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    expect(verify(null, Buffer.from(signed.message.serialize()), publicKey, Buffer.from(signed.signatures[0]!))).toBe(
      true,
    );
  });

  it('refuses a transaction that does not ask for its signature', async () => {
    const key = await newKey();
    const stranger = Keypair.generate().publicKey;
    const tx = new Transaction({ feePayer: stranger, recentBlockhash: blockhash() }).add(transfer(stranger));
    await expect(signTransactionBytes(tx.serialize({ requireAllSignatures: false }), key)).rejects.toThrow(
      /does not ask/,
    );
  });
});
